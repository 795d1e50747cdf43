/** The boards module's public face: its service, its policy (the board visibility rule), presenters, moderation's reads and writes (the board read and its shape are the kernel's, decision 081). */
import type { Queryable } from '../../db/client';
import { boardsRepo } from './boards.repo';

export type { BoardsService } from './boards.service';
export * from '../../kernel/boards.policy';
export { boardUrl, presentBoard, type PresentedBoard } from './boards.present';

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
