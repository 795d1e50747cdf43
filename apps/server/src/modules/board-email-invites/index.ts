/** The board-email-invites module's public face. */
export { createBoardEmailInvitesService, type BoardEmailInvitesService, type StoredLink } from './board-email-invites.service';
export { PENDING_EMAIL_INVITES_SQL } from './board-email-invites.repo';
