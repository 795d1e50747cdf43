/**
 * Which part of a profile a URL shows (docs/product/profiles-and-boards.md §2, "Profile
 * routes"). Everything here is pure, so the rules are unit tested. The web
 * router and the server's first-HTML metadata both read paths with it.
 */

/**
 * 'collages' is the owner's own tab, shown under the collages experiment (not one of eligible_profile_tabs);
 * 'story_pins' and 'video_pins' show when the person has Idea Pins or video Pins the viewer may see (decision 044).
 */
export type ProfileTab = 'saved' | 'created' | 'tried' | 'collages' | 'story_pins' | 'video_pins';

export type ProfileView =
  /** The main profile: a tab (null: the default tab). */
  | { kind: 'main'; tab: ProfileTab | null }
  /** Every Pin of the profile, titled 'All Pins'. */
  | { kind: 'pins' }
  /** Every board, with the owner's labelled groups. */
  | { kind: 'boards' }
  | { kind: 'followers' }
  | { kind: 'following' }
  | { kind: 'about' }
  | { kind: 'report' }
  /** The topics the person follows (docs/product/profiles-and-boards.md §2, the `topics` sub-path). */
  | { kind: 'topics' }
  /** The retrieval hub at /{username}/_hub (the owner's saved ideas, under the split-profile experiment). */
  | { kind: 'hub'; tab: HubTab | null }
  /** The owner's public preview: the profile as a signed-out visitor gets it. */
  | { kind: 'preview'; tab: PreviewTab | null };

/** The retrieval hub's tabs (docs/product/profiles-and-boards.md §2: pins, boards, collages). */
export type HubTab = 'pins' | 'boards' | 'collages';
/** The preview-profile route takes created or saved. */
export type PreviewTab = 'created' | 'saved';

/** The retrieval-hub sub-path constant (docs/product/api-contract.md §7). */
const HUB_SEGMENT = '_hub';
/** The preview-profile route's segment: /{username}/_preview/ and /{username}/_preview/{created|saved}/. */
const PREVIEW_SEGMENT = '_preview';

const SINGLE: Record<string, ProfileView> = {
  _created: { kind: 'main', tab: 'created' },
  created: { kind: 'main', tab: 'created' },
  _saved: { kind: 'main', tab: 'saved' },
  saved: { kind: 'main', tab: 'saved' },
  tried: { kind: 'main', tab: 'tried' },
  _collages: { kind: 'main', tab: 'collages' },
  collages: { kind: 'main', tab: 'collages' },
  _profile: { kind: 'main', tab: null },
  _pins: { kind: 'pins' },
  pins: { kind: 'pins' },
  _boards: { kind: 'boards' },
  boards: { kind: 'boards' },
  _followers: { kind: 'followers' },
  _following: { kind: 'following' },
  'profile-about': { kind: 'about' },
  report: { kind: 'report' },
  [HUB_SEGMENT]: { kind: 'hub', tab: null },
  [PREVIEW_SEGMENT]: { kind: 'preview', tab: null },
  topics: { kind: 'topics' },
  // The Idea Pins and video Pins tabs (UserStoryPinsResource, UserVideoPinsResource).
  story_pins: { kind: 'main', tab: 'story_pins' },
  video_pins: { kind: 'main', tab: 'video_pins' },
};

const HUB_TABS: ReadonlySet<string> = new Set<HubTab>(['pins', 'boards', 'collages']);
const PREVIEW_TABS: ReadonlySet<string> = new Set<PreviewTab>(['created', 'saved']);

const UNDER_PROFILE: Record<string, ProfileView> = {
  _created: { kind: 'main', tab: 'created' },
  _saved: { kind: 'main', tab: 'saved' },
};

/** Sub-path segments that are the profile's own (a board can't take these slugs' place). */
export const PROFILE_SUB_PATHS: ReadonlySet<string> = new Set(Object.keys(SINGLE));

/**
 * The view for the segments after /{username}/, or null when they are not a
 * profile path (then they name a board).
 */
export function parseProfilePath(segments: readonly string[]): ProfileView | null {
  const parts = segments.filter((segment) => segment !== '');
  if (parts.length === 0) return { kind: 'main', tab: null };
  const [first = '', second] = parts;
  if (parts.length === 1) return SINGLE[first] ?? null;
  if (parts.length !== 2 || second === undefined) return null;
  if (first === '_profile') return UNDER_PROFILE[second] ?? null;
  if (first === HUB_SEGMENT && HUB_TABS.has(second)) return { kind: 'hub', tab: second as HubTab };
  if (first === PREVIEW_SEGMENT && PREVIEW_TABS.has(second)) return { kind: 'preview', tab: second as PreviewTab };
  return null;
}

/**
 * Under the split-profile experiment the owner's own profile is the retrieval
 * hub: the main path and the hub tabs' paths (pins, boards, collages) show it.
 * The hub tab a view shows there, or null when the view is not part of the hub.
 */
export function hubTabOf(view: ProfileView): HubTab | null {
  switch (view.kind) {
    case 'hub':
      return view.tab ?? 'pins';
    case 'pins':
      return 'pins';
    case 'boards':
      return 'boards';
    case 'main':
      return view.tab === null ? 'pins' : view.tab === 'collages' ? 'collages' : null;
    default:
      return null;
  }
}

/** The retrieval hub's tab paths: /{username}/pins/, /boards/, /collages/. */
export function hubTabPath(username: string, tab: HubTab): string {
  return `/${username}/${tab}/`;
}

export function previewPath(username: string, tab: PreviewTab | null = null): string {
  return tab ? `/${username}/${PREVIEW_SEGMENT}/${tab}/` : `/${username}/${PREVIEW_SEGMENT}/`;
}

export interface EligibleTab {
  tab_type: number;
  is_default: boolean;
}

const TAB_BY_TYPE: Record<number, ProfileTab> = { 0: 'saved', 1: 'created', 3: 'tried' };
/** Display order of the tabs. */
const TAB_ORDER: readonly ProfileTab[] = ['created', 'saved', 'tried', 'story_pins', 'video_pins'];
const TAB_TYPE_OF: Partial<Record<ProfileTab, number>> = { saved: 0, created: 1, tried: 3 };

/** Crawlers by user agent (navigator.webdriver is a test browser, not a bot). */
export function isBotUserAgent(userAgent: string): boolean {
  return /bot|crawl|spider/i.test(userAgent);
}

/**
 * What the profile holds for this viewer beyond eligible_profile_tabs: the Idea Pins and video Pins tabs' counts,
 * and the tab the URL asks for (a media tab asked for by its path shows, with its empty state when it has none).
 */
export interface MediaCounts {
  storyPins?: number | undefined;
  videoPins?: number | undefined;
  asked?: ProfileTab | null | undefined;
}

/**
 * Tabs of the profile the viewer gets: only eligible ones; Created and Tried hidden for bots. Idea Pins and
 * Videos follow when the profile has such Pins the viewer may see, hidden for bots like Created (whose Pins they are).
 */
export function visibleTabs(eligible: readonly EligibleTab[] | undefined, { isBot, media = {} }: { isBot: boolean; media?: MediaCounts }): ProfileTab[] {
  const tabs = new Set<ProfileTab>();
  if (!isBot && ((media.storyPins ?? 0) > 0 || media.asked === 'story_pins')) tabs.add('story_pins');
  if (!isBot && ((media.videoPins ?? 0) > 0 || media.asked === 'video_pins')) tabs.add('video_pins');
  for (const entry of eligible ?? []) {
    const tab = TAB_BY_TYPE[entry.tab_type];
    if (!tab) continue;
    if (isBot && tab !== 'saved') continue;
    tabs.add(tab);
  }
  if (![...tabs].some((tab) => tab in TAB_TYPE_OF)) tabs.add('saved');
  return TAB_ORDER.filter((tab) => tabs.has(tab));
}

/**
 * The default tab decider: Created when the profile has story Pins the viewer
 * may see, else the eligible tab marked is_default, else Saved (the boards).
 */
export function defaultTab(
  eligible: readonly EligibleTab[] | undefined,
  { isBot, hasVisibleStoryPins }: { isBot: boolean; hasVisibleStoryPins: boolean },
): ProfileTab {
  const tabs = visibleTabs(eligible, { isBot });
  if (hasVisibleStoryPins && tabs.includes('created')) return 'created';
  for (const entry of eligible ?? []) {
    const tab = TAB_BY_TYPE[entry.tab_type];
    if (entry.is_default && tab && tabs.includes(tab)) return tab;
  }
  return 'saved';
}

/** The Collages tab comes last, for the owner under the collages experiment only (docs/product/profiles-and-boards.md §2). */
export function withCollagesTab(tabs: readonly ProfileTab[], show: boolean): ProfileTab[] {
  return show && !tabs.includes('collages') ? [...tabs, 'collages'] : [...tabs];
}

/** The tab a main view shows: the asked one when the viewer has it, else the default. */
export function activeTab(view: { tab: ProfileTab | null }, tabs: readonly ProfileTab[], fallback: ProfileTab): ProfileTab {
  return view.tab && tabs.includes(view.tab) ? view.tab : fallback;
}

export function tabPath(username: string, tab: ProfileTab): string {
  return tab === 'tried' || tab === 'story_pins' || tab === 'video_pins' ? `/${username}/${tab}/` : `/${username}/_${tab}/`;
}

/**
 * The same path with the canonical username, when the URL spells it
 * differently (e.g. in another case); null when it already matches.
 */
export function canonicalProfilePath(pathname: string, urlUsername: string, username: string): string | null {
  if (urlUsername === username) return null;
  const prefix = `/${urlUsername}`;
  if (!pathname.startsWith(prefix)) return null;
  return `/${username}${pathname.slice(prefix.length)}`;
}

/** The path without a trailing _followers or _following segment (closing the modal). */
export function withoutFollowSegment(pathname: string): string {
  const stripped = pathname.replace(/\/_(?:followers|following)\/?$/, '/');
  return stripped.endsWith('/') ? stripped : `${stripped}/`;
}
