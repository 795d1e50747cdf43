/** The boards module's public face: its service, its policy (the board visibility rule), presenters and read shapes. */
import type { Queryable } from '../../db/client';
import { boardsRepo } from './boards.repo';

export type { BoardsService } from './boards.service';
export * from '../../kernel/boards.policy';
export { boardUrl, presentBoard, type PresentedBoard } from './boards.present';
export { boardCoverSql, selectBoardWithOwnerSql, type BoardWithOwner } from './boards.repo';

/** A board that is not deleted, with its owner and the viewer's facts for boards.policy (null when missing). */
export const boardById = (db: Queryable, id: string, viewerId: string | null) => boardsRepo.byId(db, id, viewerId);

/** A board by its owner's username and slug, with the viewer's facts for boards.policy (null when missing or deleted). */
export const boardBySlug = (db: Queryable, username: string, slug: string, viewerId: string | null) => boardsRepo.bySlug(db, username, slug, viewerId);
/** Moderation's reads and writes on boards (decision 038). */
export const boardModeration = {
  facts: (db: Queryable, id: string) => boardsRepo.moderationFacts(db, id),
  set: (db: Queryable, id: string, state: 'removed' | 'restricted' | null) => boardsRepo.setModeration(db, id, state),
  recountPins: (db: Queryable, id: string) => boardsRepo.recountPins(db, id),
  /** After a decision about a person (decision 045): the counts of others' boards they pinned to. */
  recountPinsBy: (db: Queryable, userId: string) => boardsRepo.recountPinsBy(db, userId),
};

/** Keeps the board's Pin count (and when it was last pinned to) as Pins arrive and leave. */
export const addToBoardPinCount = (db: Queryable, boardId: string, delta: number) => boardsRepo.addToPinCount(db, boardId, delta);
