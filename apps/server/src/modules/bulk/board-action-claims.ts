/**
 * One bulk action (move, delete) per board at a time. The claim is a row in
 * board_action_claims, so it holds across every app server; a second action
 * on a claimed board answers 2171 ('Please wait until the previous board
 * action finishes.'). A claim older than a minute belongs to an action that
 * died and may be taken over.
 */
import { MESSAGES } from '@pinboard/shared/constants/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { bulkRepo } from './bulk.repo';

const STALE_CLAIM_SECONDS = 60;

export async function withBoardClaims<T>(db: Db, boardIds: string[], action: () => Promise<T>): Promise<T> {
  const ids = [...new Set(boardIds)].sort();
  const claimed: string[] = [];
  try {
    for (const id of ids) {
      if (!(await bulkRepo.claim(db, id, STALE_CLAIM_SECONDS))) throw new AppError('BOARD_ACTION_RUNNING', MESSAGES.board.previousActionPending);
      claimed.push(id);
    }
    return await action();
  } finally {
    if (claimed.length > 0) await bulkRepo.release(db, claimed);
  }
}
