/**
 * The notify job's payload (decision 086): what happened, as the domain event told it. Reactions enqueue it
 * (jobs/kinds.ts `notify`); the job decides who is told, under notifications.policy, and writes.
 */
import { z } from 'zod';

const id = z.string().regex(/^\d{1,19}$/);

export const notifyPayload = z.discriminatedUnion('source', [
  z.object({ source: z.literal('follow'), followerId: id, followeeId: id }),
  z.object({ source: z.literal('pin'), pinId: id, pinnerId: id, savedFromPinId: id.nullable() }),
  z.object({ source: z.literal('comment'), commentId: id, pinId: id, authorId: id, parentId: id.nullable(), mentionedUserIds: z.array(id).max(50) }),
  z.object({ source: z.literal('board_invite'), boardId: id, inviterId: id, inviteeIds: z.array(id).max(100) }),
  z.object({ source: z.literal('moderation'), decisionId: id, userId: id, decision: z.string().max(40) }),
  z.object({ source: z.literal('campaign'), campaignId: id, ownerId: id, status: z.enum(['started', 'paused', 'budget_spent']) }),
  z.object({
    source: z.literal('direct'),
    userId: id,
    kind: z.enum(['import_done', 'export_done']),
    key: z.string().min(1).max(100),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
]);
export type NotifyPayload = z.infer<typeof notifyPayload>;
