/**
 * Making someone a collaborator the way the product does: the owner invites
 * them and they accept.
 */
import type { TestClient } from './test-app';

export async function addCollaborator(owner: TestClient, collaborator: TestClient, boardId: string, collaboratorId: string) {
  const invited = await owner.resource('BoardInviteResource', 'create', { board_id: boardId, invited_user_ids: [collaboratorId] });
  if (invited.httpStatus !== 200) throw new Error(`invite failed: ${JSON.stringify(invited)}`);
  const accepted = await collaborator.resource('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' });
  if (accepted.httpStatus !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted)}`);
  return accepted;
}
