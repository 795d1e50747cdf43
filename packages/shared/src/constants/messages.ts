import { interpolate } from '../text/interpolate';

/**
 * UI texts from the two spec documents (docs/product/logged-out-and-business.md and
 * docs/product/profiles-and-boards.md), verbatim: the spec writes apostrophes as straight
 * ASCII quotes (') and uses curly double quotes only in the board-name
 * placeholder, so the texts below do the same.
 *
 * Placeholders are `{name}`-style, filled with `interpolate`. Where the two
 * documents name the same placeholder differently ('You unblocked {name}' /
 * 'You unblocked {user}', "the board's owner ({name})" / "({owner})"), `{name}`
 * is used everywhere.
 *
 * Texts marked "ours" are not quoted in the spec (it only describes them, or
 * names a button without quotes); their wording is our choice.
 */
export const MESSAGES = deepFreeze({
  /** Invalid link, in the create menu and wherever a link is entered (docs/product/logged-out-and-business.md §5, §8; docs/product/profiles-and-boards.md §8). */
  invalidUrl: 'Oops! Please enter a valid URL.',

  /** Login page toasts, keyed by the `message` query value (docs/product/logged-out-and-business.md §2). */
  loginToast: {
    permanent_account_closure: "Your account has been deleted. We're sad to see you go",
    account_deletion_email_sent: 'An email has been sent with final steps to delete your account, {name}',
    /** Ours: the spec says only "a variant adds that its linked accounts are included". */
    account_deletion_email_sent_linked: 'An email has been sent with final steps to delete your account, {name}, and the accounts linked to it',
    account_deactivated: 'The account, {name}, has been deactivated',
    /** Ours: the spec says only "a variant says its associated linked accounts have been deactivated". */
    account_deactivated_linked: 'The account, {name}, and its associated linked accounts have been deactivated',
    unlink_successful: "Success! You've unlinked this business account. You are currently in {name}.",
    account_switch_to_settings: "You've switched into and are currently in the account {name}",
  },

  /** Login prompt titles and subheader (docs/product/profiles-and-boards.md §8). */
  loginPrompt: {
    continue: 'Log in to continue',
    savePin: 'Log in to save this Pin',
    sendPin: 'Log in to send this Pin',
    editPin: 'Log in to edit this Pin',
    createPinOrBoard: 'Log in to create a Pin or board',
    createBoard: 'Log in to create a board',
    hidePin: 'Log in to hide this Pin',
    shareProfile: 'Log in to share the profile',
    follow: 'Log in to follow',
    unfollow: 'Log in to unfollow',
    boardInvite: 'Your friends invited you to join their board',
    /** Ours: the spec says "(or with the inviter's first name)". */
    boardInviteNamed: '{name} invited you to join their board',
    subheader: "You're almost there! Log in to access all of the product",
  },

  /** Create menu modal (docs/product/logged-out-and-business.md §2). */
  createMenu: {
    addPinOrBoard: 'Add a Pin or board',
    addToSection: 'Add to section',
    addPinOrSection: 'Add a Pin or section',
    addToProfile: 'Add to profile',
  },

  /** Disabled-publishing modal (docs/product/logged-out-and-business.md §2). */
  disabledPublishing: {
    heading: 'Oops...',
    body: 'Our server is experiencing a mild case of the hiccups at the moment. Please try refreshing and publishing again later.',
    /** Named, not quoted, in the spec. */
    dismiss: 'Dismiss',
  },

  /**
   * Boards: create/edit form, moves, board page and board picker
   * (docs/product/logged-out-and-business.md §4–§6, §8; docs/product/profiles-and-boards.md §4–§6, §8, §9).
   */
  board: {
    nameRequired: "Don't forget to name your board!",
    tooLong: 'Please enter no more than {maxLength} characters.',
    namePlaceholder: 'Add a title, like “DIY” or “Recipes”',
    keepSecret: 'Keep this board secret',
    keepSecretHelp: 'So only you and collaborators can see it.',
    secretStopsAds: 'If you make this board secret, some active ads will stop running',
    protectedBoard: "Protected board (not listed on user's profile)",
    ownerOnly: "Only the board's owner ({name}) can manage the rest of its features",
    created: 'Board created!',
    somethingWentWrong: 'Uh oh! Something went wrong.',
    movedTo: 'Moved to {boardName}',
    previousActionPending: 'Please wait until the previous board action finishes.',
    notFound: "We couldn't find that page.",
    otherBoards: "But here are some of {name}'s other boards!",
    restoreDeleted: 'You have {n} days to restore a deleted Board. After that, it will be permanently deleted.',
    sensitiveContent: 'This board may contain sensitive content',
    collaboratorsMore: 'and {n} more',
    quickSaveHeader: 'Quick save and organize later',
  },

  /** Board invites (docs/product/profiles-and-boards.md §4, §8). */
  boardInvite: {
    accepted: "You're in! Save Pins, plan with collaborators, and more!",
    declined: 'Invitation declined',
    invalid: 'Invalid Invite',
  },

  /** Profile page (docs/product/profiles-and-boards.md §2). */
  profile: {
    loading: 'Loading user profile',
    verifiedMerchant: 'Verified Merchant',
    allPins: 'All Pins',
    /** The spec writes '{n} follower(s)'; split into singular and plural. */
    followersOne: '{n} follower',
    followersOther: '{n} followers',
    following: '{n} following',
    savedIdeas: 'Your saved ideas',
    /** The spec writes 'N monthly views'. */
    monthlyViews: '{count} monthly views',
    monthlyViewsCapped: '10m+ monthly views',
    privateTitle: 'This profile is private',
    privateBody: 'Only approved followers can view their profile, Pins, boards, followers and following lists',
    options: 'Profile options',
    reportEuLaw: 'Report user for EU local law',
    reportIndianLaw: 'Report for Indian law',
    search: 'Search',
    searchYourPins: 'Search your Pins',
    sendProfile: 'Send this profile',
    commentsOff: 'Comments are turned off',
    openSettings: 'Open settings',
    editMerchantDetails: 'Edit merchant details',
    aboutMore: 'more',
    newCallout: 'New!',
    /** Button labels named, not quoted, in the spec. */
    share: 'Share',
    editProfile: 'Edit Profile',
    message: 'Message',
    follow: 'Follow',
    block: 'Block',
    report: 'Report',
    viewProfile: 'View profile',
  },

  /** Block and unblock (docs/product/logged-out-and-business.md §4, docs/product/profiles-and-boards.md §4). */
  block: {
    blocked: "You've blocked {name}",
    unblockTitle: 'Unblock {name}?',
    unblockBody: "Depending on your settings, you'll be able to message, follow and save each other's Pins.",
    neverMind: 'Never mind',
    unblock: 'Unblock',
    unblocked: 'You unblocked {name}',
    /** Named, not quoted, in the spec. */
    learnMore: 'Learn more',
  },

  /** Empty states (docs/product/profiles-and-boards.md §8). */
  emptyState: {
    youHaveNoSavedPins: "You haven't saved any Pins yet",
    userHasNoSavedPins: "{name} hasn't saved any Pins yet",
    noBoardFollowers: 'Nobody has followed your boards yet',
    youFollowNobody: "You haven't followed anyone yet",
    noFollowers: 'No one is following you',
    noSearchResults: "Sorry, we couldn't find any Pins for this search.",
    nothingToSee: 'Nothing to see here',
  },

  /** Messaging (docs/product/profiles-and-boards.md §8). */
  messaging: {
    createConversationFailed: 'Failed to create conversation.',
  },

  /** Email verification modal (docs/product/profiles-and-boards.md §4, §8). */
  emailVerification: {
    title: 'Verify your email',
    /** Named, not quoted, in the spec. */
    resend: 'Resend email',
    sent: 'Email sent',
  },
  /**
   * Ours: what the shared zod schemas say about a form field the web app
   * checks before sending (sign-up, log-in, password, section name, two-factor
   * codes). The schemas read them when they check (`{ error: () => … }`), so
   * the web app's locale texts apply (decision 042).
   */
  validation: {
    passwordTooShort: 'Passwords need at least 8 characters.',
    passwordTooLong: 'Passwords can be at most 256 characters.',
    usernameRule: 'Usernames are 3 to 30 letters, digits or underscores.',
    enterEmailOrUsername: 'Enter your email or username.',
    enterPassword: 'Enter your password.',
    enterCurrentPassword: 'Enter your current password.',
    sectionNameRequired: 'Give your section a name.',
    totpCode: 'Enter the 6-digit code from your authenticator app.',
    totpOrRecovery: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  },
} as const);

/** MESSAGES stay the en-US source: a locale's texts are a copy (the web app's lib/messages.ts), never written into them. */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') deepFreeze(child as object);
  return Object.freeze(value);
}

/** `message` query values of the login page that show a toast. */
export const LOGIN_TOAST_MESSAGES = [
  'permanent_account_closure',
  'account_deletion_email_sent',
  'account_deactivated',
  'unlink_successful',
  'account_switch_to_settings',
] as const;
export type LoginToastMessage = (typeof LOGIN_TOAST_MESSAGES)[number];

export function isLoginToastMessage(value: string): value is LoginToastMessage {
  return (LOGIN_TOAST_MESSAGES as readonly string[]).includes(value);
}

export interface LoginToastOptions {
  /** The `multiple_accounts=true` query flag: linked accounts are included. */
  readonly linked?: boolean;
  /** The toasts' texts in the page's language (the web app's MESSAGES); en-US by default. */
  readonly toasts?: (typeof MESSAGES)['loginToast'];
}

/**
 * Toast text for the login page's `message` query value, with `{name}` filled
 * from the `username` query value; null for an unknown (or missing) message.
 * `linked` picks the linked-accounts variant where there is one.
 */
export function loginToastText(
  message: string | null | undefined,
  name: string,
  { linked = false, toasts = MESSAGES.loginToast }: LoginToastOptions = {},
): string | null {
  if (message == null || !isLoginToastMessage(message)) return null;
  let template: string;
  if (linked && message === 'account_deletion_email_sent') template = toasts.account_deletion_email_sent_linked;
  else if (linked && message === 'account_deactivated') template = toasts.account_deactivated_linked;
  else template = toasts[message];
  return interpolate(template, { name });
}
