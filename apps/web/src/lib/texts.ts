/**
 * Web-only texts: what the spec does not write. Texts the spec gives come
 * from MESSAGES in @pinboard/shared/constants/messages.
 *
 * This file holds what the first paint of a page reads (the shell, the
 * home feed, a profile); lib/moreTexts.ts the rest, for code loaded on
 * demand. Import it as a namespace (`import * as TEXTS from '…/lib/texts'`);
 * code that is loaded on demand imports lib/allTexts.ts the same way.
 */
import english from '@pinboard/shared/locales/en-US/texts.json';
import { t, textsOf } from './i18n';
import type { FirstPaintTexts } from './texts.generated';

export const appName = t('appName');
export const networkError = t('networkError');
export const serverUnavailable = t('serverUnavailable');
export const genericError = t('genericError');
export const tryAgain = t('tryAgain');
export const loading = t('loading');
export const loadingMore = t('loadingMore');

export const nav = {
  home: t('nav.home'),
  create: t('nav.create'),
  searchLabel: t('nav.searchLabel'),
  scanPincode: t('nav.scanPincode'),
  searchPlaceholder: t('nav.searchPlaceholder'),
  searchPlaceholderShort: t('nav.searchPlaceholderShort'),
  logIn: t('nav.logIn'),
  signUp: t('nav.signUp'),
  accountMenu: t('nav.accountMenu'),
  ideas: t('nav.ideas'),
  skipToContent: t('nav.skipToContent'),
  homeLink: t('nav.homeLink'),
  tabBar: t('nav.tabBar'),
  profile: t('nav.profile'),
} as const;

export const upsell = {
  footer: t('upsell.footer'),
  footerLabel: t('upsell.footerLabel'),
  join: t('upsell.join'),
} as const;

export const feed = {
  homeHeading: t('feed.homeHeading'),
  emptySignedIn: t('feed.emptySignedIn'),
  emptySignedOut: t('feed.emptySignedOut'),
  createPin: t('feed.createPin'),
  pinsHeading: t('feed.pinsHeading'),
} as const;

export const pin = {
  imageBy: (name: string) => t('pin.imageBy', { name }),
  send: t('pin.send'),
  more: t('pin.more'),
  hidden: t('pin.hidden'),
  undo: t('pin.undo'),
  hideFailed: t('pin.hideFailed'),
} as const;

export const profile = {
  avatarAlt: (name: string) => t('profile.avatarAlt', { name }),
  location: t('profile.location'),
} as const;

export const board = {
  pins: (n: string) => t('board.pins', { n }),
  pin: t('board.pin'),
  sections: (n: number) => t('board.sections', { n }),
  secret: t('board.secret'),
} as const;

export const search = {
  suggestions: t('search.suggestions'),
} as const;

export const profilePage = {
  pincode: t('profilePage.pincode'),
  tabs: t('profilePage.tabs'),
  hubTabs: t('profilePage.hubTabs'),
  hubPins: t('profilePage.hubPins'),
  hubBoards: t('profilePage.hubBoards'),
  hubCollages: t('profilePage.hubCollages'),
  previewBack: t('profilePage.previewBack'),
  previewBackProfile: t('profilePage.previewBackProfile'),
  created: t('profilePage.created'),
  saved: t('profilePage.saved'),
  tried: t('profilePage.tried'),
  storyPinsTab: t('profilePage.storyPinsTab'),
  videoPinsTab: t('profilePage.videoPinsTab'),
  privateProfile: t('profilePage.privateProfile'),
  verified: t('profilePage.verified'),
  shareProfile: t('profilePage.shareProfile'),
  instagram: (username: string) => t('profilePage.instagram', { username }),
  pronounsLabel: t('profilePage.pronounsLabel'),
  settings: t('profilePage.settings'),
  boardsHeading: t('profilePage.boardsHeading'),
  pinsHeading: t('profilePage.pinsHeading'),
  seeAllBoards: t('profilePage.seeAllBoards'),
  showMoreBoards: t('profilePage.showMoreBoards'),
  boardGroups: { protected: t('profilePage.boardGroups.protected'), secret: t('profilePage.boardGroups.secret'), archived: t('profilePage.boardGroups.archived') },
  boardFilters: t('profilePage.boardFilters'),
  allBoards: t('profilePage.allBoards'),
  group: t('profilePage.group'),
  secret: t('profilePage.secret'),
  archived: t('profilePage.archived'),
  noFilteredBoards: t('profilePage.noFilteredBoards'),
  boardLayout: t('profilePage.boardLayout'),
  square: t('profilePage.square'),
  wide: t('profilePage.wide'),
  pinFilters: t('profilePage.pinFilters'),
  favorites: t('profilePage.favorites'),
  createdByYou: t('profilePage.createdByYou'),
  pinSize: t('profilePage.pinSize'),
  regular: t('profilePage.regular'),
  dense: t('profilePage.dense'),
  noBoardsOwn: t('profilePage.noBoardsOwn'),
  createBoard: t('profilePage.createBoard'),
  createPin: t('profilePage.createPin'),
  createdEmptyOwn: t('profilePage.createdEmptyOwn'),
  createdEmptyOther: (name: string) => t('profilePage.createdEmptyOther', { name }),
  privateInvited: t('profilePage.privateInvited'),
  monthlyViewsHelpLabel: t('profilePage.monthlyViewsHelpLabel'),
} as const;

export const social = {
  following: t('social.following'),
  followFailed: t('social.followFailed'),
} as const;

export const messages = {
  openInbox: t('messages.openInbox'),
  unread: t('messages.unread'),
} as const;

export const notFound = {
  body: t('notFound.body'),
  home: t('notFound.home'),
} as const;

export const error = {
  heading: t('error.heading'),
  reload: t('error.reload'),
} as const;

export const save = {
  save: t('save.save'),
  saved: t('save.saved'),
  saving: t('save.saving'),
  savedToProfile: t('save.savedToProfile'),
  savedTo: (name: string) => t('save.savedTo', { name }),
  chooseBoard: t('save.chooseBoard'),
  profile: t('save.profile'),
} as const;

export const sensitiveBoard = {
  show: t('sensitiveBoard.show'),
  showBoard: (name: string) => t('sensitiveBoard.showBoard', { name }),
  marked: t('sensitiveBoard.marked'),
} as const;

export const boardPage = {
  actions: t('boardPage.actions'),
} as const;

export const boardSort = {
  label: t('boardSort.label'),
} as const;

/** Partner (business) profiles, verified merchants, tried Pins and board suggestions. */
export const partner = {
  cover: (name: string) => t('partner.cover', { name }),
  addCover: t('partner.addCover'),
  contact: t('partner.contact'),
  badges: t('partner.badges'),
  triedEmptyOwn: t('partner.triedEmptyOwn'),
  triedEmptyOther: (name: string) => t('partner.triedEmptyOther', { name }),
} as const;

export const collages = {
  tab: t('collages.tab'),
} as const;

/** Ours around the spec's verification modal (its title and buttons are in MESSAGES.emailVerification). */
export const emailVerification = {
  banner: t('emailVerification.banner'),
  openModal: t('emailVerification.openModal'),
} as const;

/** Experiences (education tooltips and pulsars); their own texts come from the server's catalogue. */
export const experiences = {
  showTip: t('experiences.showTip'),
  dismiss: t('experiences.dismiss'),
} as const;

/** A Pin served as an ad, on its card in the home feed. */
export const promotedBy = (name: string) => t('promotedBy', { name });
/** Why a recommended Pin is in the home feed. */
export const recommendation = {
  topic: (name: string) => t('recommendation.topic', { name }),
  popular: t('recommendation.popular'),
} as const;

/** The first paint's texts by their catalogue keys (decision 071): `TEXTS.nav.home`, `TEXTS.pin.imageBy({ name })`. */
export const TEXTS = textsOf<FirstPaintTexts>(english);
