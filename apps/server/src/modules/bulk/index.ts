/** The bulk module's public face: its service and the per-board claim other bulk actions take. */
export { withBoardClaims } from './board-action-claims';
