/**
 * Every web text: lib/texts.ts (what first paints need) and lib/moreTexts.ts
 * (the rest). Code loaded on demand imports it as a namespace
 * (`import * as TEXTS from '…/lib/allTexts'`); code on a first paint imports
 * lib/texts.ts, so the first download carries only its own texts (the
 * page-weight browser test fails when it grows past its budget). The
 * owner's own profile sections read lib/ownerTexts.ts, which no other code
 * needs, so that their chunk stays small.
 */
export { appName, error, experiences, genericError, loading, loadingMore, networkError, notFound, recommendation, save, serverUnavailable, tryAgain } from './texts';
export { TEXTS } from './moreTexts';
export { ads, auth, board, boardNotFound, boardPage, boardSort, builder, business, collaborators, collages, comments, create, createMenu, editBoard, editPin, emailVerification, entryStats, feed, ideaPin, ideas, loginPrompt, messages, moderation, nav, organize, organizePins, partner, picker, pin, pinDrag, pinForm, pincode, pinReport, profile, profilePage, search, sectionEdit, sensitiveBoard, settings, social, takedown, theme, toast, today, topics, uploaded, upsellPrompt, video } from './moreTexts';
