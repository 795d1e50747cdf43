import { describe, expect, it } from 'vitest';
import { boardlessPreview, canGoNext, initialOrganizeState, organizeReducer, showsOrganizeUpsell } from './organize';
import {
  activeTab,
  canonicalProfilePath,
  defaultTab,
  isBotUserAgent,
  parseProfilePath,
  visibleTabs,
  withoutFollowSegment,
} from './profilePaths';
import {
  canMessage,
  displayedFollowing,
  headerAbout,
  legalFormFor,
  pinFilterPredicate,
  profileOptions,
  showsOptionsMenu,
  showsShareIcon,
  viewerCountry,
  type Relationship,
} from './profileRules';

describe('profile paths', () => {
  it('reads every profile sub-path', () => {
    expect(parseProfilePath([])).toEqual({ kind: 'main', tab: null });
    expect(parseProfilePath(['_created'])).toEqual({ kind: 'main', tab: 'created' });
    expect(parseProfilePath(['created'])).toEqual({ kind: 'main', tab: 'created' });
    expect(parseProfilePath(['_saved'])).toEqual({ kind: 'main', tab: 'saved' });
    expect(parseProfilePath(['saved'])).toEqual({ kind: 'main', tab: 'saved' });
    expect(parseProfilePath(['tried'])).toEqual({ kind: 'main', tab: 'tried' });
    expect(parseProfilePath(['_profile'])).toEqual({ kind: 'main', tab: null });
    expect(parseProfilePath(['_profile', '_created'])).toEqual({ kind: 'main', tab: 'created' });
    expect(parseProfilePath(['_profile', '_saved'])).toEqual({ kind: 'main', tab: 'saved' });
    expect(parseProfilePath(['_pins'])).toEqual({ kind: 'pins' });
    expect(parseProfilePath(['pins'])).toEqual({ kind: 'pins' });
    expect(parseProfilePath(['_boards'])).toEqual({ kind: 'boards' });
    expect(parseProfilePath(['boards'])).toEqual({ kind: 'boards' });
    expect(parseProfilePath(['_followers'])).toEqual({ kind: 'followers' });
    expect(parseProfilePath(['_following'])).toEqual({ kind: 'following' });
    expect(parseProfilePath(['profile-about'])).toEqual({ kind: 'about' });
    expect(parseProfilePath(['report'])).toEqual({ kind: 'report' });
  });

  it('leaves board slugs alone', () => {
    expect(parseProfilePath(['weekend-walks'])).toBeNull();
    expect(parseProfilePath(['_profile', 'weekend'])).toBeNull();
    expect(parseProfilePath(['weekend', 'section'])).toBeNull();
  });

  it('rewrites to the canonical username and drops the follow segment', () => {
    expect(canonicalProfilePath('/Mira/_saved/', 'Mira', 'mira')).toBe('/mira/_saved/');
    expect(canonicalProfilePath('/mira/', 'mira', 'mira')).toBeNull();
    expect(withoutFollowSegment('/mira/_followers/')).toBe('/mira/');
    expect(withoutFollowSegment('/mira/_following')).toBe('/mira/');
  });
});

describe('profile tabs', () => {
  const eligible = [
    { tab_type: 0, is_default: true },
    { tab_type: 1, is_default: false },
  ];

  it('lists only eligible tabs, Created and Tried hidden for bots', () => {
    expect(visibleTabs(eligible, { isBot: false })).toEqual(['created', 'saved']);
    expect(visibleTabs([...eligible, { tab_type: 3, is_default: false }], { isBot: true })).toEqual(['saved']);
    expect(visibleTabs([], { isBot: false })).toEqual(['saved']);
  });

  it('decides the default tab', () => {
    expect(defaultTab(eligible, { isBot: false, hasVisibleStoryPins: false })).toBe('saved');
    expect(defaultTab(eligible, { isBot: false, hasVisibleStoryPins: true })).toBe('created');
    expect(defaultTab([{ tab_type: 1, is_default: true }], { isBot: true, hasVisibleStoryPins: true })).toBe('saved');
    expect(defaultTab([{ tab_type: 1, is_default: true }, { tab_type: 0, is_default: false }], { isBot: false, hasVisibleStoryPins: false })).toBe('created');
    expect(defaultTab(undefined, { isBot: false, hasVisibleStoryPins: false })).toBe('saved');
  });

  it('falls back to the default for a tab the viewer does not have', () => {
    expect(activeTab({ tab: 'tried' }, ['created', 'saved'], 'saved')).toBe('saved');
    expect(activeTab({ tab: 'created' }, ['created', 'saved'], 'saved')).toBe('created');
    expect(activeTab({ tab: null }, ['created', 'saved'], 'saved')).toBe('saved');
  });

  it('tells bots by user agent only', () => {
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isBotUserAgent('Baiduspider')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/130.0')).toBe(false);
  });
});

describe('profile header rules', () => {
  it('cuts the about text to 130 characters minus the website', () => {
    expect(headerAbout('Short and sweet.', 'https://example.com')).toEqual({ text: 'Short and sweet.', truncated: false });
    const long = 'word '.repeat(40).trim();
    const cut = headerAbout(long, 'https://example.com');
    expect(cut.truncated).toBe(true);
    expect([...cut.text].length).toBeLessThanOrEqual(130 - 'https://example.com'.length);
    expect(headerAbout('x'.repeat(130), '').truncated).toBe(false);
    expect(headerAbout('x'.repeat(131), null).truncated).toBe(true);
  });

  it('shows following without followed interests', () => {
    expect(displayedFollowing({ following_count: 12, interest_following_count: 5 })).toBe(7);
    expect(displayedFollowing({ following_count: 2, interest_following_count: 5 })).toBe(0);
    expect(displayedFollowing({ following_count: 3 })).toBe(3);
  });
});

describe('who may do what on a profile', () => {
  const base: Relationship = { signedIn: true, isOwner: false, isPrivate: false, blockedByMe: false, shouldShowMessaging: true, country: 'US' };

  it('offers Message only when both sides allow it', () => {
    expect(canMessage(base)).toBe(true);
    expect(canMessage({ ...base, signedIn: false })).toBe(false);
    expect(canMessage({ ...base, isOwner: true })).toBe(false);
    expect(canMessage({ ...base, blockedByMe: true })).toBe(false);
    expect(canMessage({ ...base, shouldShowMessaging: false })).toBe(false);
  });

  it('shows the options menu to signed-in viewers on public profiles and to visitors in the EU or India', () => {
    expect(showsOptionsMenu(base)).toBe(true);
    expect(showsOptionsMenu({ ...base, isPrivate: true })).toBe(false);
    expect(showsOptionsMenu({ ...base, isOwner: true })).toBe(false);
    expect(showsOptionsMenu({ ...base, signedIn: false })).toBe(false);
    expect(showsOptionsMenu({ ...base, signedIn: false, country: 'DE' })).toBe(true);
    expect(showsOptionsMenu({ ...base, signedIn: false, country: 'IN' })).toBe(true);
  });

  it('lists the menu items', () => {
    expect(profileOptions(base)).toEqual(['message', 'block', 'report']);
    expect(profileOptions({ ...base, blockedByMe: true, country: 'FR' })).toEqual(['unblock', 'report', 'reportEu']);
    expect(profileOptions({ ...base, country: 'IN', shouldShowMessaging: false })).toEqual(['block', 'report', 'reportIndia']);
    expect(profileOptions({ ...base, signedIn: false, country: 'SE' })).toEqual(['reportEu']);
    expect(profileOptions({ ...base, signedIn: false, country: 'US' })).toEqual([]);
  });

  it('hides the share icon on private profiles', () => {
    expect(showsShareIcon({ isOwner: false, isPrivate: true })).toBe(false);
    expect(showsShareIcon({ isOwner: true, isPrivate: true })).toBe(true);
    expect(showsShareIcon({ isOwner: false, isPrivate: false })).toBe(true);
  });

  it('knows the regional legal forms and the viewer country', () => {
    expect(legalFormFor('de')).toBe('dsa');
    expect(legalFormFor('EU')).toBe('dsa');
    expect(legalFormFor('IN')).toBe('india');
    expect(legalFormFor('TR')).toBeNull();
    expect(legalFormFor(null)).toBeNull();
    expect(viewerCountry('fr', 'en-US')).toBe('FR');
    expect(viewerCountry(null, 'de-AT')).toBe('AT');
    expect(viewerCountry(undefined, 'en')).toBeNull();
  });
});

describe('unorganized Pins', () => {
  it('shows at most six tiles, the sixth with +count', () => {
    const pins = Array.from({ length: 9 }, (_, i) => `p${i}`);
    const tiles = boardlessPreview(pins);
    expect(tiles).toHaveLength(6);
    expect(tiles.slice(0, 5).every((tile) => tile.more === 0)).toBe(true);
    expect(tiles[5]).toEqual({ item: 'p5', more: 4 });
    expect(boardlessPreview(pins.slice(0, 6)).every((tile) => tile.more === 0)).toBe(true);
    expect(boardlessPreview(pins.slice(0, 6), 30)[5]?.more).toBe(25);
  });

  it('offers the upsell at five or more boardless Pins and no boards', () => {
    expect(showsOrganizeUpsell(5, 0)).toBe(true);
    expect(showsOrganizeUpsell(4, 0)).toBe(false);
    expect(showsOrganizeUpsell(9, 1)).toBe(false);
  });

  it('steps through the Organize modal', () => {
    let state = initialOrganizeState(true);
    expect(canGoNext(state)).toBe(false);
    expect(organizeReducer(state, { type: 'next' })).toBe(state);
    state = organizeReducer(state, { type: 'toggle', pinId: '1', selected: true });
    expect(canGoNext(state)).toBe(true);
    state = organizeReducer(state, { type: 'next' });
    expect(state.step).toBe('PICK_BOARD');
    state = organizeReducer(state, { type: 'createBoard' });
    expect(state.step).toBe('CREATE_BOARD');
    state = organizeReducer(state, { type: 'back' });
    expect(state.step).toBe('PICK_BOARD');
    state = organizeReducer(state, { type: 'back' });
    expect(state.step).toBe('SELECT_PINS');
    expect(state.selected.has('1')).toBe(true);
  });

  it('goes straight to creating a board when there are none, and back to the Pins', () => {
    let state = organizeReducer(initialOrganizeState(false), { type: 'toggle', pinId: '7', selected: true });
    state = organizeReducer(state, { type: 'next' });
    expect(state.step).toBe('CREATE_BOARD');
    state = organizeReducer(state, { type: 'back' });
    expect(state.step).toBe('SELECT_PINS');
    state = organizeReducer(state, { type: 'toggle', pinId: '7', selected: false });
    expect(canGoNext(state)).toBe(false);
  });
});

describe('owner Pin filters', () => {
  const made = { is_repin: false };
  const saved = { is_repin: true };

  it('keeps everything without a filter, only own Pins for Created by you, nothing for Favorites', () => {
    expect(pinFilterPredicate(new Set())).toBeNull();
    expect(pinFilterPredicate(new Set(['created']))?.(made)).toBe(true);
    expect(pinFilterPredicate(new Set(['created']))?.(saved)).toBe(false);
    expect(pinFilterPredicate(new Set(['favorites']))?.(made)).toBe(false);
    expect(pinFilterPredicate(new Set(['favorites', 'created']))?.(made)).toBe(false);
  });
});
