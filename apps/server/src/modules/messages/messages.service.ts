/**
 * Messaging (docs/product/profiles-and-boards.md §2, §7): starting a conversation (or adding
 * to the one with exactly the same people), the inbox, a conversation's
 * messages, replying, share suggestions, and live delivery of new messages
 * through the message bus.
 *
 * Rules: only members see a conversation (404 for everyone else, as for a
 * missing one); nobody messages across a block either way, and a block that
 * is not the viewer's own answers as a missing person (404, users.policy
 * blockAnswersAsMissing; the viewer's own block: 403); a person
 * who turned messages off cannot be messaged in a new or reused conversation
 * (403); nobody messages only themselves (400). Refusals write nothing.
 * Every message counts against the sender's `message` limit, and a message
 * that starts a conversation also against `conversation_start`
 * (rate-limit/limits.ts).
 *
 * A message may carry a Pin the sender may see (404 otherwise). Each reader
 * gets the Pin only when they may see it too; for anyone else the message
 * says the Pin is unavailable and names nothing of it (see presentForViewer).
 */
import { isValidEmail } from '@pinboard/shared/text/email';
import type { Db, Queryable } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { PageRequest } from '../../lib/paging';
import { newId } from '../../lib/ids';
import { ValidationError } from '../../lib/validation';
import type { ActionLimits } from '../../rate-limit/limits';
import { createMessageBus, type MessageBus, type MessageListener } from './messages.bus';
import {
  presentConversation,
  presentEmailShareSuggestion,
  presentMessage,
  presentForViewer,
  presentUserShareSuggestion,
  type PresentedMessage,
  type ViewerMessage,
} from './messages.present';
import { messagesRepo, type MessageRow } from './messages.repo';
import { SHARE_SUGGESTIONS_DEFAULT, type TCreateConversation, type TCreateMessage, type TGetShareSuggestions } from '@pinboard/shared/schemas/messages';
import { visiblePinById } from '../../kernel';
import { blockAnswersAsMissing } from '../blocks';
import { canSeeAccount } from '../users';

const CANT_MESSAGE = "You can't message this person.";
const NOT_ACCEPTING_MESSAGES = "This person isn't accepting messages.";

/** Most missed messages sent again when an event stream reconnects. */
const REPLAY_MAX = 100;

const sortIds = (ids: string[]) => [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));

/** Message cursors carry their direction: 'o' goes back in time, 'n' forward. */
function messageCursor(bookmark: string | undefined) {
  const c = decodeCursor(bookmark, [['o', 'n'], 'id']);
  return c ? { direction: c[0], id: c[1] } : null;
}

export function createMessagesService({ db, bus = createMessageBus(), limits }: { db: Db; bus?: MessageBus; limits: ActionLimits }) {
  async function assertPinVisible(q: Queryable, viewer: Viewer, pinId: string | undefined) {
    if (pinId && !(await visiblePinById(q, pinId, viewer.id))) throw notFound('pin');
  }

  async function assertMember(q: Queryable, viewer: Viewer, conversationId: string) {
    if (!(await messagesRepo.isMember(q, conversationId, viewer.id))) throw notFound('conversation');
  }

  /** The message is stored already; a lost live event is caught up through since_id or Last-Event-ID. */
  async function publish(message: MessageRow) {
    try {
      await bus.publish(message.conversation_id, presentMessage(message));
    } catch {
      // See above: nothing to undo.
    }
  }

  /**
   * Messages as this viewer gets them: sent Pins only when they may see them,
   * With `checkSenders` (the live stream's messages, which come from the bus
   * and not from a list), none by a removed person (decision 045; the lists
   * leave those out in their SQL).
   */
  async function forViewer(q: Queryable, viewerId: string, all: PresentedMessage[], checkSenders = false): Promise<ViewerMessage[]> {
    const removed = checkSenders ? await messagesRepo.removedSenders(q, [...new Set(all.map((m) => m.sender_id))]) : new Set<string>();
    const messages = removed.size === 0 ? all : all.filter((m) => !removed.has(m.sender_id));
    const pinIds = [...new Set(messages.flatMap((m) => (m.pin_id ? [m.pin_id] : [])))];
    const visible = new Map((await messagesRepo.visiblePins(q, viewerId, pinIds)).map((p) => [p.id, p]));
    return messages.map((m) => presentForViewer(m, visible));
  }

  async function conversationsOf(viewer: Viewer, o: { only?: string; after?: [string, string] | null; limit: number }) {
    const rows = await messagesRepo.forMember(db, viewer.id, o);
    const members = await messagesRepo.members(
      db,
      rows.map((r) => r.id),
    );
    const views = rows.map((row) =>
      presentConversation(
        row,
        members.filter((m) => m.conversation_id === row.id),
        viewer.id,
      ),
    );
    const lastMessages = await forViewer(
      db,
      viewer.id,
      views.flatMap((v) => (v.last_message ? [v.last_message] : [])),
    );
    const lastById = new Map(lastMessages.map((m) => [m.id, m]));
    return rows.map((row, i) => {
      const view = views[i]!;
      return { row, view: { ...view, last_message: view.last_message ? (lastById.get(view.last_message.id) ?? null) : null } };
    });
  }

  async function conversation(viewer: Viewer, conversationId: string) {
    const [found] = await conversationsOf(viewer, { only: conversationId, limit: 1 });
    if (!found) throw notFound('conversation');
    return found.view;
  }

  return {
    bus,

    /**
     * ConversationsResource create: a message to these people, in the
     * conversation whose members are exactly them and the viewer (made when
     * there is none yet).
     */
    async create(ctx: RequestContext, input: TCreateConversation) {
      const viewer = requireViewer(ctx);
      if (input.user_ids.includes(viewer.id)) throw new ValidationError('user_ids', "user_ids: you can't send a message to yourself.");
      const memberIds = sortIds([viewer.id, ...input.user_ids]);
      await limits.take('message', ctx);
      const message = await db.tx(async (tx) => {
        const recipients = await messagesRepo.recipients(tx, viewer.id, input.user_ids);
        // Someone who blocked the viewer, like a block between two of the others, answers as a missing person
        // (blocks.policy blockAnswersAsMissing): only the viewer's own block is named to them.
        // A removed person (decision 045) answers as missing too.
        if (recipients.length !== input.user_ids.length || recipients.some((r) => r.blocked_me || !canSeeAccount(r, false))) throw notFound('person');
        if (recipients.some((r) => r.blocked)) throw forbidden(CANT_MESSAGE);
        if (input.user_ids.length > 1 && (await messagesRepo.anyBlockAmong(tx, input.user_ids))) throw notFound('person');
        if (recipients.some((r) => !r.allow_messages)) throw forbidden(NOT_ACCEPTING_MESSAGES);
        await assertPinVisible(tx, viewer, input.pin_id);

        await messagesRepo.lockMemberSet(tx, memberIds);
        let conversationId = await messagesRepo.findByExactMembers(tx, viewer.id, memberIds);
        if (!conversationId) {
          await limits.take('conversation_start', ctx);
          conversationId = newId();
          await messagesRepo.insertConversation(tx, conversationId, viewer.id, memberIds);
        }
        return messagesRepo.insertMessage(tx, { id: newId(), conversationId, senderId: viewer.id, text: input.text ?? '', pinId: input.pin_id ?? null });
      });
      await publish(message);
      return conversation(viewer, message.conversation_id);
    },

    /** ConversationsResource get: the inbox, newest activity first. */
    async inbox(ctx: RequestContext, o: PageRequest) {
      const viewer = requireViewer(ctx);
      // (microseconds of the last message, conversation id)
      const after = decodeCursor(o.bookmark, ['id', 'id']);
      const found = await conversationsOf(viewer, { after, limit: o.pageSize + 1 });
      const page = pageOf(found, o.pageSize, (f) => [f.row.last_us, f.row.id]);
      return { items: page.items.map((f) => f.view), bookmark: page.bookmark };
    },

    /** ConversationResource get: one conversation of the viewer's, as in the inbox. */
    async get(ctx: RequestContext, conversationId: string) {
      return conversation(requireViewer(ctx), conversationId);
    },

    /**
     * ConversationMessagesResource get. Without since_id: the newest page,
     * newest first; its bookmark goes back in time. With since_id: what came
     * after it, oldest first; its bookmark goes forward. Reading marks the
     * conversation read up to the newest message returned.
     */
    async messages(ctx: RequestContext, conversationId: string, o: PageRequest & { sinceId?: string | undefined }) {
      const viewer = requireViewer(ctx);
      await assertMember(db, viewer, conversationId);
      const cursor = messageCursor(o.bookmark);
      const forward = cursor ? cursor.direction === 'n' : !!o.sinceId;
      const from = cursor?.id ?? o.sinceId ?? null;
      const rows = await messagesRepo.messages(db, conversationId, {
        ...(forward ? { after: from } : { before: from }),
        limit: o.pageSize + 1,
      });
      const page = pageOf(rows, o.pageSize, (row) => [forward ? 'n' : 'o', row.id]);
      const newest = forward ? page.items[page.items.length - 1] : page.items[0];
      if (newest) await messagesRepo.markRead(db, conversationId, viewer.id, newest.id);
      return { items: await forViewer(db, viewer.id, page.items.map(presentMessage)), bookmark: page.bookmark };
    },

    /** ConversationMessagesResource create: a reply in a conversation the viewer is in. */
    async send(ctx: RequestContext, input: TCreateMessage) {
      const viewer = requireViewer(ctx);
      await limits.take('message', ctx);
      const message = await db.tx(async (tx) => {
        await assertMember(tx, viewer, input.conversation_id);
        const blocks = await messagesRepo.blocksWithinConversation(tx, input.conversation_id, viewer.id);
        // As when starting one: someone who blocked the viewer answers as a missing person; only the viewer's own block is named.
        if (blocks.some((block) => blockAnswersAsMissing(viewer.id, block))) throw notFound('person');
        if (blocks.length > 0) throw forbidden(CANT_MESSAGE);
        // A conversation left with only removed people (decision 045) takes no new message: nobody could read it.
        if ((await messagesRepo.othersInView(tx, input.conversation_id, viewer.id)) === 0) throw notFound('person');
        await assertPinVisible(tx, viewer, input.pin_id);
        return messagesRepo.insertMessage(tx, {
          id: newId(),
          conversationId: input.conversation_id,
          senderId: viewer.id,
          text: input.text ?? '',
          pinId: input.pin_id ?? null,
        });
      });
      await publish(message);
      const [view] = await forViewer(db, viewer.id, [presentMessage(message)]);
      return view!;
    },

    /**
     * ShareSuggestionsResource get: people to send something to, then an
     * email candidate when the query is an email address.
     */
    async shareSuggestions(ctx: RequestContext, o: TGetShareSuggestions) {
      const viewer = requireViewer(ctx);
      const limit = o.page_size ?? SHARE_SUGGESTIONS_DEFAULT;
      const query = o.query?.trim() || null;
      const email = query && isValidEmail(query) ? query : null;
      const people = await messagesRepo.shareSuggestions(db, viewer.id, {
        query,
        hideGroupConversations: o.hide_group_conversations ?? false,
        limit: email ? limit - 1 : limit,
      });
      return [...people.map(presentUserShareSuggestion), ...(email ? [presentEmailShareSuggestion(email)] : [])];
    },

    /** For the event stream: 404 unless the viewer is in the conversation. */
    async assertCanWatch(ctx: RequestContext, conversationId: string) {
      await assertMember(db, requireViewer(ctx), conversationId);
    },

    /** Messages after `sinceId`, oldest first, for a stream that reconnects with Last-Event-ID. */
    async missedSince(conversationId: string, sinceId: string): Promise<PresentedMessage[]> {
      const rows = await messagesRepo.messages(db, conversationId, { after: sinceId, limit: REPLAY_MAX });
      return rows.map(presentMessage);
    },

    /** Messages from the bus or a replay as this viewer gets them (for the event stream). */
    forViewer(ctx: RequestContext, messages: PresentedMessage[]) {
      return forViewer(db, requireViewer(ctx).id, messages, true);
    },

    subscribe(conversationId: string, listener: MessageListener) {
      return bus.subscribe(conversationId, listener);
    },
  };
}
