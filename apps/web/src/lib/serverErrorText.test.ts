/**
 * A server error with a `message_key` reads the page's language (decision
 * 042): a `de` page shows German for a key its catalogue knows, and the
 * server's English `message` for a key it does not know.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const failure = (error: Record<string, unknown>) => ({
  resource_response: { status: 'failure', error: { http_status: 409, code: 11, message_detail: '', ...error } },
});

describe('keyed server errors on a de page', () => {
  beforeAll(() => {
    vi.resetModules();
    vi.stubGlobal('document', { documentElement: { getAttribute: () => 'de', lang: '', dir: '' } });
    vi.stubGlobal('window', { location: { search: '' } });
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function shown(body: unknown): Promise<string> {
    const { getLocale } = await import('./i18n');
    expect(getLocale()).toBe('de');
    const { parseEnvelope, inPageLanguage, ApiError } = await import('./api');
    try {
      parseEnvelope(body, 409);
    } catch (err) {
      const local = await inPageLanguage(err);
      expect(local).toBeInstanceOf(ApiError);
      return (local as InstanceType<typeof ApiError>).message;
    }
    throw new Error('no failure');
  }

  it('shows the German text of a known key with its arguments', async () => {
    const message = await shown(
      failure({
        message: 'Rex Guest is already invited to this board.',
        message_key: 'boardInvites.alreadyInvited',
        message_args: { name: 'Rex Guest' },
      }),
    );
    expect(message).toBe('Rex Guest ist bereits zu dieser Pinnwand eingeladen.');
    expect(await shown(failure({ message: 'Write something first.', message_key: 'comments.empty' }))).toBe('Schreiben Sie zuerst etwas.');
  });

  it('shows a 404 that names its thing, and validation with the field and a bound (a plural) as arguments', async () => {
    expect(await shown(failure({ http_status: 404, message: 'That Pin could not be found.', message_key: 'notFound.pin' }))).toBe(
      'Dieser Pin wurde nicht gefunden.',
    );
    const tooLong = { message: 'bookmark: at most 512 characters.', message_key: 'validation.tooLong', message_args: { field: 'bookmark', max: 512 } };
    expect(await shown(failure(tooLong))).toBe('bookmark: höchstens 512 Zeichen.');
    const fewItems = { message: 'pins: at least 1 item.', message_key: 'validation.tooFewItems', message_args: { field: 'pins', min: 1 } };
    expect(await shown(failure(fewItems))).toBe('pins: mindestens 1 Eintrag.');
    const schemaText = { message: 'Please enter no more than 50 characters.', message_key: 'validation.noMoreThan', message_args: { max: '50' } };
    expect(await shown(failure(schemaText))).toBe('Bitte geben Sie nicht mehr als 50 Zeichen ein.');
  });

  it('keeps the English message for an unknown key or none', async () => {
    expect(await shown(failure({ message: 'Something new on the server.', message_key: 'boardInvites.noSuchKey' }))).toBe('Something new on the server.');
    expect(await shown(failure({ message: 'Something new on the server.' }))).toBe('Something new on the server.');
  });
});
