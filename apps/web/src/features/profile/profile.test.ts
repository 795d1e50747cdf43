import { describe, expect, it } from 'vitest';
import type { Viewer } from '../session/session.api';
import { splitProfileEnabled } from './splitProfile';
import { ownerMessageToastText } from './ownerMessage';
import { canGoNext, initialOrganizeState, organizeReducer } from './organize';
import { boardlessPreview, showsOrganizeUpsell } from './unorganized';
import {
  activeTab,
  canonicalProfilePath,
  defaultTab,
  isBotUserAgent,
  hubTabOf,
  hubTabPath,
  parseProfilePath,
  previewPath,
  visibleTabs,
  withoutFollowSegment,
} from './profilePaths';
import {
  canMessage,
  offersMessageOption,
  searchTileLabel,
  displayedFollowing,
  headerAbout,
  legalFormFor,
  pinFlagFilter,
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
    expect(parseProfilePath(['_hub'])).toEqual({ kind: 'hub', tab: null });
    expect(parseProfilePath(['_hub', 'boards'])).toEqual({ kind: 'hub', tab: 'boards' });
    expect(parseProfilePath(['_preview'])).toEqual({ kind: 'preview', tab: null });
    expect(parseProfilePath(['_preview', 'created'])).toEqual({ kind: 'preview', tab: 'created' });
    expect(parseProfilePath(['_preview', 'saved'])).toEqual({ kind: 'preview', tab: 'saved' });
    expect(parseProfilePath(['_preview', 'tried'])).toBeNull();
    expect(parseProfilePath(['story_pins'])).toEqual({ kind: 'main', tab: 'story_pins' });
    expect(parseProfilePath(['video_pins'])).toEqual({ kind: 'main', tab: 'video_pins' });
    expect(parseProfilePath(['topics'])).toEqual({ kind: 'topics' });
  });

  it("maps the owner's paths onto the retrieval hub under the split-profile experiment", () => {
    expect(hubTabOf({ kind: 'main', tab: null })).toBe('pins');
    expect(hubTabOf({ kind: 'hub', tab: null })).toBe('pins');
    expect(hubTabOf({ kind: 'hub', tab: 'collages' })).toBe('collages');
    expect(hubTabOf({ kind: 'pins' })).toBe('pins');
    expect(hubTabOf({ kind: 'boards' })).toBe('boards');
    expect(hubTabOf({ kind: 'main', tab: 'collages' })).toBe('collages');
    expect(hubTabOf({ kind: 'main', tab: 'created' })).toBeNull();
    expect(hubTabOf({ kind: 'followers' })).toBeNull();
    expect(hubTabPath('ana', 'boards')).toBe('/ana/boards/');
    expect(previewPath('ana')).toBe('/ana/_preview/');
    expect(previewPath('ana', 'created')).toBe('/ana/_preview/created/');
  });

  it('turns the split profile on only for signed-in people outside partner accounts', () => {
    const viewer = { isAuth: true, isPartner: false, experiments: { split_profile: 'enabled' } } as unknown as Viewer;
    expect(splitProfileEnabled(viewer)).toBe(true);
    expect(splitProfileEnabled({ ...viewer, isPartner: true } as Viewer)).toBe(false);
    expect(splitProfileEnabled({ ...viewer, experiments: {} } as Viewer)).toBe(false);
    expect(splitProfileEnabled({ isAuth: false, experiments: { split_profile: 'enabled' } } as unknown as Viewer)).toBe(false);
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
    // Idea Pins and Videos: when the viewer may see some, or when the path asks for the tab; never for bots.
    expect(visibleTabs(eligible, { isBot: false, media: { storyPins: 2, videoPins: 1 } })).toEqual(['created', 'saved', 'story_pins', 'video_pins']);
    expect(visibleTabs(eligible, { isBot: false, media: { storyPins: 0, videoPins: 0, asked: 'video_pins' } })).toEqual(['created', 'saved', 'video_pins']);
    expect(visibleTabs(eligible, { isBot: true, media: { storyPins: 2, videoPins: 1 } })).toEqual(['saved']);
    expect(visibleTabs([], { isBot: false, media: { videoPins: 1 } })).toEqual(['saved', 'video_pins']);
  });

  it('decides the default tab', () => {
    expect(defaultTab(eligible, { isBot: false, hasVisibleStoryPins: false })).toBe('saved');
    expect(defaultTab(eligible, { isBot: false, hasVisibleStoryPins: true })).toBe('created');
    expect(defaultTab([{ tab_type: 1, is_default: true }], { isBot: true, hasVisibleStoryPins: true })).toBe('saved');
    expect(
      defaultTab(
        [
          { tab_type: 1, is_default: true },
          { tab_type: 0, is_default: false },
        ],
        { isBot: false, hasVisibleStoryPins: false },
      ),
    ).toBe('created');
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
  const base: Relationship = {
    signedIn: true,
    isOwner: false,
    isPrivate: false,
    blockedByMe: false,
    shouldShowMessaging: true,
    country: 'US',
    isPartner: false,
    profileMessagingEnabled: true,
    hasPartnerContact: false,
    creatorProfile: true,
  };
  const business: Relationship = { ...base, isPartner: true, hasPartnerContact: true };

  it('offers Message only when both sides allow it', () => {
    expect(canMessage(base)).toBe(true);
    expect(canMessage({ ...base, signedIn: false })).toBe(false);
    expect(canMessage({ ...base, isOwner: true })).toBe(false);
    expect(canMessage({ ...base, blockedByMe: true })).toBe(false);
    expect(canMessage({ ...base, shouldShowMessaging: false })).toBe(false);
    expect(canMessage(business)).toBe(true);
    expect(canMessage({ ...business, profileMessagingEnabled: false })).toBe(false);
  });

  it('puts Message in the options menu only for a creator business with contact details and messaging on', () => {
    expect(offersMessageOption(base)).toBe(false);
    expect(offersMessageOption(business)).toBe(true);
    expect(offersMessageOption({ ...business, hasPartnerContact: false })).toBe(false);
    expect(offersMessageOption({ ...business, profileMessagingEnabled: false })).toBe(false);
    expect(offersMessageOption({ ...business, creatorProfile: false })).toBe(false);
    expect(offersMessageOption({ ...business, blockedByMe: true })).toBe(false);
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
    expect(profileOptions(base)).toEqual(['block', 'report']);
    expect(profileOptions(business)).toEqual(['message', 'block', 'report']);
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

describe('the search tile', () => {
  it("says 'Search your Pins' in English and 'Search' in other languages", () => {
    expect(searchTileLabel('en-US')).toBe('Search your Pins');
    expect(searchTileLabel('en')).toBe('Search your Pins');
    expect(searchTileLabel('de-DE')).toBe('Search');
    expect(searchTileLabel('fr')).toBe('Search');
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
  it('maps Favorites and Created by you to the server flag filter', () => {
    expect(pinFlagFilter(new Set())).toBe('none');
    expect(pinFlagFilter(new Set(['created']))).toBe('CREATED_BY_ME');
    expect(pinFlagFilter(new Set(['favorites']))).toBe('FAVORITED');
    expect(pinFlagFilter(new Set(['favorites', 'created']))).toBe('FAVORITED_AND_CREATED_BY_ME');
  });
});

describe('owner message flag', () => {
  it("shows the owner's toast for the account messages, with the profile's name", () => {
    expect(ownerMessageToastText('unlink_successful', 'Ada')).toBe("Success! You've unlinked this business account. You are currently in Ada.");
    expect(ownerMessageToastText('account_switch_to_settings', 'Ada')).toBe("You've switched into and are currently in the account Ada");
    expect(ownerMessageToastText('permanent_account_closure', 'Ada')).toBeNull();
    expect(ownerMessageToastText('whatever', 'Ada')).toBeNull();
    expect(ownerMessageToastText(null, 'Ada')).toBeNull();
  });
});
