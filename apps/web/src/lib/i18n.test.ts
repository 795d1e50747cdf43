import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { formatCount, formatDate, getLocale, hasCatalogue, initialLocale, loadCatalogue, localMessages, localServerText, spokenTexts, t } from './i18n';
import { TEXTS } from './texts';
import { countryName } from './countryNames';

describe('locale choice', () => {
  it('takes <html lang> as the server set it first', () => {
    expect(initialLocale({ htmlLang: 'ja', search: '?locale=de', languages: ['fr'] })).toBe('ja');
    expect(initialLocale({ htmlLang: 'de-AT', languages: ['fr'] })).toBe('de');
  });
  it('else the address, else the browser, else en-US', () => {
    expect(initialLocale({ htmlLang: null, search: '?locale=pt-BR', languages: ['fr'] })).toBe('pt-BR');
    expect(initialLocale({ htmlLang: '', search: '?locale=xx', languages: ['ko', 'es-MX'] })).toBe('es');
    expect(initialLocale({ languages: ['ko'] })).toBe('en-US');
    expect(initialLocale({})).toBe('en-US');
  });
  it('starts in en-US where there is no page (tests, the server)', () => {
    expect(getLocale()).toBe('en-US');
  });
});

describe('loader', () => {
  it('reads en-US texts through the catalogue', () => {
    expect(TEXTS.nav.home).toBe('Home');
    expect(TEXTS.pin.imageBy({ name: 'Ada' })).toBe('Pin by Ada');
    expect(TEXTS.board.sections({ n: 1 })).toBe('1 section');
    expect(TEXTS.board.sections({ n: 3 })).toBe('3 sections');
    expect(t('no.such.key')).toBe('no.such.key');
  });
  it('makes a frozen tree of the keys: a text, or a function of its arguments', () => {
    expect(Object.isFrozen(TEXTS)).toBe(true);
    expect(Object.isFrozen(TEXTS.nav)).toBe(true);
    expect(typeof TEXTS.nav.home).toBe('string');
    expect(typeof TEXTS.board.sections).toBe('function');
    // @ts-expect-error: the generated types name each text's arguments
    expect(TEXTS.board.sections({ count: 2 })).not.toBe('2 sections');
  });
  it('falls back to en-US for a locale with no catalogue', async () => {
    expect(hasCatalogue('en-US', 'texts')).toBe(true);
    expect(hasCatalogue('xx', 'texts')).toBe(false);
    expect(await loadCatalogue('xx', 'texts')).toBeNull();
  });
  it("makes a copy of MESSAGES in a locale's texts, with their {placeholders}, and leaves the shared one as it is", () => {
    const english = { board: { movedTo: 'Moved to {boardName}', created: 'Board created!' }, invalidUrl: 'x' };
    const german = localMessages(english, {
      'board.movedTo': compileMessageOrThrow("Verschoben nach {boardName}, l'{x}"),
      'board.created': compileMessageOrThrow('Pinnwand erstellt!'),
      'board.nope': ['x'],
    });
    expect(german).toEqual({ board: { movedTo: "Verschoben nach {boardName}, l'{x}", created: 'Pinnwand erstellt!' }, invalidUrl: 'x' });
    expect(english.board.created).toBe('Board created!');
    // The shared MESSAGES cannot be written to.
    expect(Object.isFrozen(MESSAGES.board)).toBe(true);
    expect(() => Object.assign(MESSAGES.board, { created: 'x' })).toThrow(TypeError);
  });
});

describe('formats', () => {
  it('shows counts with 万 and 億 in ja, the short forms elsewhere', () => {
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(12_345, 'ja')).toBe('1.2万');
    expect(formatCount(123_456_789, 'ja')).toBe('1.2億');
    expect(formatCount(9_999, 'ja')).toBe('9999');
    expect(formatCount(12_345, 'de')).toBe('12.3k');
  });
  it('writes dates in the locale', () => {
    const date = '2025-03-12T12:00:00Z';
    expect(formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe('March 12, 2025');
    expect(formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'de')).toBe('12. März 2025');
    expect(formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'ja')).toBe('2025年3月12日');
  });
  it('names countries in the locale, in English for en-US', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('XX', 'de')).toBe('XX');
  });
});

describe('topic names', () => {
  it('come from the topics catalogue by slug (or by id), else keep the name they came with', async () => {
    const { topicName, lowerName } = await import('./i18n');
    expect(topicName({ slug: 'home-decor', name: 'ignored' })).toBe('Home decor');
    expect(topicName({ id: '1042', name: 'ignored' })).toBe('City trips');
    expect(topicName({ slug: 'not-in-the-catalogue', name: 'Custom' })).toBe('Custom');
    expect(lowerName('Home decor', 'en-US')).toBe('home decor');
    expect(lowerName('Wohndeko', 'de')).toBe('Wohndeko');
  });
});

describe('form checks of the shared schemas', () => {
  it("come in en-US and read in the page's language through localServerText, their values kept", async () => {
    const { zBoardName } = await import('@pinboard/shared/schemas/boards');
    const { zLogin } = await import('@pinboard/shared/schemas/users');
    const { zSectionTitle } = await import('@pinboard/shared/schemas/sections');
    // The web tests' Vite compiles a catalogue as the build does (catalogues.plugin.ts).
    const german = spokenTexts(MESSAGES, (await import('@pinboard/shared/locales/de/messages.json')).default as never);
    const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message ?? '';
    expect(first(zBoardName.safeParse(''))).toBe(MESSAGES.board.nameRequired);
    expect(localServerText(first(zBoardName.safeParse('')), german)).toBe('Vergessen Sie nicht, Ihrer Pinnwand einen Namen zu geben!');
    expect(localServerText(first(zLogin.safeParse({ username_or_email: '', password: 'x' })), german)).toBe(
      'Geben Sie Ihre E-Mail-Adresse oder Ihren Benutzernamen ein.',
    );
    expect(localServerText(first(zSectionTitle.safeParse('')), german)).toBe('Geben Sie Ihrem Bereich einen Namen.');
    // A text with a value: the German text with the same value.
    const tooLong = first(zSectionTitle.safeParse('x'.repeat(500)));
    const max = /\d+/.exec(tooLong)![0];
    const inGerman = localServerText(tooLong, german);
    expect(inGerman).not.toBe(tooLong);
    expect(inGerman).toContain(max);
    // The same text from the server (which answers in en-US) reads the page's language too; other texts stay.
    expect(localServerText('Enter your password.', german)).toBe('Geben Sie Ihr Passwort ein.');
    expect(localServerText('Some message of our own', german)).toBe('Some message of our own');
    // In en-US (the tests' page) nothing changes.
    expect(localServerText('Enter your password.')).toBe('Enter your password.');
  });
});
