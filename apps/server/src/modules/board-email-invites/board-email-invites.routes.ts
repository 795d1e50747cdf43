import { zGetBoardInviteToken, zRedeemBoardInviteToken } from '@pinboard/shared/schemas/board-invites';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerBoardEmailInviteResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardInviteTokenResource',
    description:
      "A board invite link mailed to an address (the `accept_invite` token of the board's address). It lasts 14 days and works once; an unknown, expired or used token answers 404 'Invalid Invite'.",
    actions: {
      get: action({
        summary: "Read what the invite's login prompt needs, signed in or not: the inviter's first name and the board's name",
        options: zGetBoardInviteToken,
        handler: (_ctx, o) => s.boardEmailInvites.preview(o.token),
      }),
      update: action({
        summary:
          "Redeem the link: it becomes your pending invite to the board ({status: 'new', invite}); with seamless, the invite is accepted at once ({status: 'accepted', board}). No invite passes between blocked people.",
        options: zRedeemBoardInviteToken,
        auth: 'required',
        handler: (ctx, o) => s.boardEmailInvites.redeem(ctx, o.token, o.seamless ?? false),
      }),
    },
  });
}
