/**
 * Web-only texts: what the spec does not write. Texts the spec gives come
 * from MESSAGES in @pinboard/shared/constants/messages.
 *
 * This file holds what the first paint of a page reads (the shell, the
 * home feed, a profile); lib/moreTexts.ts the rest, for code loaded on
 * demand. Import it as a namespace (`import * as TEXTS from '…/lib/texts'`);
 * code that is loaded on demand imports lib/allTexts.ts the same way.
 */
export const appName = 'Pinboard';
export const networkError = "We can't reach Pinboard right now. Check your connection and try again.";
export const serverUnavailable = 'Pinboard is having trouble right now. Please try again in a moment.';
export const genericError = 'Something went wrong. Please try again.';
export const tryAgain = 'Try again';
export const loading = 'Loading…';
export const loadingMore = 'Loading more Pins…';

export const nav = {
  home: 'Home',
  create: 'Create',
  searchLabel: 'Search',
  searchPlaceholder: 'Search for ideas',
  searchPlaceholderShort: 'Search',
  logIn: 'Log in',
  signUp: 'Sign up',
  accountMenu: 'Your account',
  ideas: 'Ideas',
  skipToContent: 'Skip to content',
  homeLink: 'Pinboard home',
} as const;

export const upsell = {
  footer: 'Save the ideas you love and get a home feed of your own',
  footerLabel: 'Join Pinboard',
  join: 'Join for free',
} as const;

export const feed = {
  homeHeading: 'Your home feed',
  emptySignedIn: 'Your home feed fills up as you save Pins and follow people.',
  emptySignedOut: 'No Pins here yet. Be the first to share one.',
  createPin: 'Create a Pin',
  pinsHeading: 'Pins',
} as const;

export const pin = {
  imageBy: (name: string) => `Pin by ${name}`,
  send: 'Send',
  more: 'More options',
  hidden: "Pin hidden. You won't see it in your home feed.",
  undo: 'Undo',
  hideFailed: "We couldn't hide this Pin. Please try again.",
} as const;

export const profile = {
  avatarAlt: (name: string) => `${name}'s profile picture`,
  location: 'Location',
} as const;

export const board = {
  pins: (n: string) => `${n} Pins`,
  pin: '1 Pin',
  sections: (n: number) => (n === 1 ? '1 section' : `${n} sections`),
  secret: 'Secret board',
} as const;

export const search = {
  suggestions: 'Suggestions',
} as const;

export const profilePage = {
  tabs: 'Profile tabs',
  hubTabs: 'Your saved ideas tabs',
  hubPins: 'Pins',
  hubBoards: 'Boards',
  hubCollages: 'Collages',
  previewBack: 'Back to your saved ideas',
  previewBackProfile: 'Back to your profile',
  created: 'Created',
  saved: 'Saved',
  tried: 'Tried',
  storyPinsTab: 'Idea Pins',
  videoPinsTab: 'Videos',
  privateProfile: 'Private profile',
  verified: 'Verified account',
  shareProfile: 'Share profile',
  instagram: (username: string) => `Instagram: ${username}`,
  pronounsLabel: 'Pronouns',
  settings: 'Settings',
  boardsHeading: 'Boards',
  pinsHeading: 'Pins',
  seeAllBoards: 'See all boards',
  showMoreBoards: 'Show more boards',
  boardGroups: { protected: 'Protected boards', secret: 'Secret boards', archived: 'Archived boards' },
  boardFilters: 'Show boards',
  allBoards: 'All',
  group: 'Group',
  secret: 'Secret',
  archived: 'Archived',
  noFilteredBoards: 'No boards here yet.',
  boardLayout: 'Board layout',
  square: 'Square',
  wide: 'Wide',
  pinFilters: 'Show Pins',
  favorites: 'Favorites',
  createdByYou: 'Created by you',
  pinSize: 'Pin size',
  regular: 'Default',
  dense: 'Compact',
  noBoardsOwn: "You haven't made any boards yet. Boards keep your ideas organised.",
  createBoard: 'Create a board',
  createPin: 'Create a Pin',
  createdEmptyOwn: 'Pins you make yourself will show up here.',
  createdEmptyOther: (name: string) => `${name} hasn't created any Pins yet`,
  privateInvited: 'You were invited to follow this profile.',
  monthlyViewsHelpLabel: 'About monthly views',
} as const;

export const social = {
  following: 'Following',
  followFailed: "We couldn't update the follow. Please try again.",
} as const;

export const messages = {
  openInbox: 'Messages',
  unread: 'New messages',
} as const;

export const notFound = {
  body: 'The link may be broken, or the page may have been removed.',
  home: 'Go to the home feed',
} as const;

export const error = {
  heading: 'Uh oh! Something went wrong.',
  reload: 'Reload the page',
} as const;

export const save = {
  save: 'Save',
  saved: 'Saved',
  saving: 'Saving…',
  savedToProfile: 'Saved to your profile',
  savedTo: (name: string) => `Saved to ${name}`,
  chooseBoard: 'Choose a board to save to',
  profile: 'Profile',
} as const;

export const sensitiveBoard = {
  show: 'Show',
  showBoard: (name: string) => `Show ${name}`,
  marked: 'Marked sensitive',
} as const;

export const boardPage = {
  actions: 'Board actions',
} as const;

export const boardSort = {
  label: 'Sort boards',
} as const;

/** Partner (business) profiles, verified merchants, tried Pins and board suggestions. */
export const partner = {
  cover: (name: string) => `${name}'s cover image`,
  addCover: 'Add a cover image',
  contact: 'Contact',
  badges: 'Badges',
  triedEmptyOwn: 'Pins you try and mark as tried from their page show up here.',
  triedEmptyOther: (name: string) => `${name} hasn't marked any Pins as tried yet`,
} as const;

export const collages = {
  tab: 'Collages',
} as const;

/** Ours around the spec's verification modal (its title and buttons are in MESSAGES.emailVerification). */
export const emailVerification = {
  banner: 'Check your inbox and verify your email to finish setting up your account.',
  openModal: 'Verify email',
} as const;

/** Experiences (education tooltips and pulsars); their own texts come from the server's catalogue. */
export const experiences = {
  showTip: 'Show tip',
  dismiss: 'Dismiss tip',
} as const;

/** A Pin served as an ad, on its card in the home feed. */
export const promotedBy = (name: string) => `Promoted by ${name}`;
/** Why a recommended Pin is in the home feed. */
export const recommendation = {
  topic: (name: string) => `Because you follow ${name}`,
  popular: 'Popular on Pinboard',
} as const;
