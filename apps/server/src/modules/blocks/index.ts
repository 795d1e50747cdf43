/** The blocks module's public face: the block door (blocks.policy) and the service. */
import type { Queryable } from '../../db/client';
import { blocksRepo } from './blocks.repo';

export * from '../../kernel/blocks.policy';

/** The block between `a` and `b` either way (`a`'s own first), or null: the function form of the block door. */
export function blockBetween(db: Queryable, a: string, b: string) {
  return blocksRepo.between(db, a, b);
}
