import {
  zAcceptBoardInvite,
  zCreateBoardInvites,
  zDeleteBoardInvite,
  zGetBoardInvite,
  zGetBoardInvites,
  zGetBoardInviteSuggestions,
} from '@pinboard/shared/schemas/board-invites';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerBoardInviteResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardInvitesResource',
    description:
      "Board invites (docs/product/profiles-and-boards.md §7): with current_user, the viewer's pending invites; with board_id, the board's collaborators (status accepted) and, for its members, its pending invites, including invites by email not yet taken up (no invited_user; invited_email instead).",
    actions: {
      get: pagedAction({
        summary: "Read the viewer's pending invites, or a board's collaborators and invites",
        options: zGetBoardInvites,
        read: (ctx, o, page) => s.boardInvites.list(ctx, o, page),
      }),
    },
  });

  registry.add({
    name: 'BoardInviteResource',
    description: 'One invite to collaborate on a board: sent by the owner (or by collaborators when the board allows it), accepted or declined by its invitee.',
    actions: {
      get: action({
        summary: "Read the viewer's pending invite to a board (by board_id, or by username and slug); 'Invalid Invite' when there is none",
        options: zGetBoardInvite,
        auth: 'required',
        handler: (ctx, o) => s.boardInvites.mine(ctx, o),
      }),
      create: action({
        summary:
          'Invite people to collaborate on a board, by user id and by email (at most 20 in all; each address is mailed a link to the board with accept_invite, without looking up whose address it is; at most 50 mails an hour per inviter)',
        options: zCreateBoardInvites,
        auth: 'required',
        handler: (ctx, o) => s.boardInvites.invite(ctx, o),
      }),
      update: action({
        summary: 'Accept your invite: you become a collaborator; answers the board',
        options: zAcceptBoardInvite,
        auth: 'required',
        handler: (ctx, o) => s.boardInvites.accept(ctx, o.board_id),
      }),
      delete: action({
        summary: "Decline your invite (no user_id), or cancel someone's pending invite, by user_id or by the email it was sent to (the owner or the inviter)",
        options: zDeleteBoardInvite,
        auth: 'required',
        handler: (ctx, o) => s.boardInvites.remove(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'BoardInviteSuggestionsResource',
    description: 'People the viewer could invite to a board: matching the query, else the people they follow.',
    actions: {
      get: action({
        summary: 'Read people to invite',
        options: zGetBoardInviteSuggestions,
        auth: 'required',
        handler: (ctx, o) => s.boardInvites.suggestions(ctx, o.board_id, o.query, o.page_size),
      }),
    },
  });
}
