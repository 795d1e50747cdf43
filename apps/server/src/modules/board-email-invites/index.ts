/** The board-email-invites module's public face. */
export { createBoardEmailInvitesService, type BoardEmailInvitesService, type StoredLink } from './board-email-invites.service';
