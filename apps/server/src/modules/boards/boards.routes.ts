import { zNoOptions } from '@pinboard/shared/schemas/common';
import { zBoardCollaborator, zBoardRef, zCreateBoard, zGetBoard, zGetBoards, zUpdateBoard } from '@pinboard/shared/schemas/boards';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerBoardResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardResource',
    description: 'One board.',
    actions: {
      get: action({
        summary: 'Read a board by board_id, or by username and slug',
        options: zGetBoard,
        // Naming a business one may act for reads as it (the address after creating a secret board as a business).
        actingAs: 'read',
        handler: (ctx, o) => s.boards.get(ctx, 'board_id' in o ? { board_id: o.board_id } : { username: o.username, slug: o.slug }),
      }),
      create: action({
        summary: 'Create a board',
        options: zCreateBoard,
        auth: 'required',
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'board.create', targetOf: (b: { id: string }) => b.id },
        handler: (ctx, o) => s.boards.create(ctx, o),
      }),
      update: action({
        summary: 'Edit a board (name, description, privacy, cover, archived, sensitive, …); collaborators may change only their notification settings',
        options: zUpdateBoard,
        auth: 'required',
        actingAs: 'publish',
        actingAudit: { action: 'board.update', targetOf: (b: { id: string }) => b.id },
        handler: (ctx, o) => s.boards.update(ctx, o),
      }),
      delete: action({
        summary: 'Delete a board; its owner can restore it for 7 days',
        options: zBoardRef,
        auth: 'required',
        handler: (ctx, o) => s.boards.delete(ctx, o.board_id),
      }),
    },
  });

  registry.add({
    name: 'BoardRestoreResource',
    description: 'Restore a deleted board within its restore window.',
    actions: {
      create: action({ summary: 'Restore a deleted board', options: zBoardRef, auth: 'required', handler: (ctx, o) => s.boards.restore(ctx, o.board_id) }),
    },
  });

  registry.add({
    name: 'DeletedBoardsResource',
    description: "The viewer's deleted boards that can still be restored, with the days left.",
    actions: {
      get: action({ summary: 'List restorable deleted boards', options: zNoOptions, auth: 'required', handler: (ctx) => s.boards.listDeleted(ctx) }),
    },
  });

  registry.add({
    name: 'BoardCollaboratorResource',
    description: "A board's collaborators: people join by accepting an invite (BoardInviteResource); the owner removes them and a collaborator may leave.",
    actions: {
      delete: action({
        summary: 'Remove a collaborator',
        options: zBoardCollaborator,
        auth: 'required',
        handler: (ctx, o) => s.boards.removeCollaborator(ctx, o.board_id, o.user_id),
      }),
    },
  });

  registry.add({
    name: 'BoardsResource',
    description: "A user's boards.",
    actions: {
      get: pagedAction({
        summary: "Read a user's boards the viewer may see",
        options: zGetBoards,
        read(ctx, o, page) {
          const flag = o.filter_types?.[0];
          const only = flag === 'SECRET' ? 'secret' : flag === 'ARCHIVED' ? 'archived' : flag === 'GROUP' ? 'group' : 'all';
          return s.boards.listForUser(ctx, o.username, {
            ...page,
            sort: o.sort,
            only,
            privacy: o.privacyFilter === 'all' ? undefined : o.privacyFilter,
          });
        },
      }),
    },
  });
}
