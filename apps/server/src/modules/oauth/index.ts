/** The OAuth module's public face (decision 099). */
/** @public The API v5 paths call `services.oauth.bearerAccess` and `issueTokens`. */
export type { OAuthService } from './oauth.service';
/** @public Who a bearer token acts as, for the API v5 paths. */
export type { BearerAccess } from './oauth-tokens';
export { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './oauth-tokens';
export { CODE_SECONDS } from './oauth.service';
