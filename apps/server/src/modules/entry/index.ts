/**
 * The entry module's public face: the sign-up handler ties the browser's
 * landing to the new account through claimLandingOf.
 */
export { claimLandingOf } from './entry.routes';
export { viewerTraits } from './entry.visitor';
