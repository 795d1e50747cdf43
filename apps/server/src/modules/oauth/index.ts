/** The OAuth module's public face (decision 099). */
export type { OAuthService } from './oauth.service';
export type { BearerAccess } from './oauth-tokens';
