/** The bulk module's public face: its service and the per-board claim other bulk actions take. */
export { createBulkService } from './bulk.service';
export { withBoardClaims } from './board-action-claims';
