import { zCreateSection, zDeleteSection, zGetSection, zListSections, zUpdateSection } from '@pinboard/shared/schemas/sections';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerSectionResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardSectionResource',
    description: 'One section of a board.',
    actions: {
      get: action({
        summary: 'Read a section by section_id, or by board_id and slug',
        options: zGetSection,
        handler: (ctx, o) => s.sections.get(ctx, 'section_id' in o ? { section_id: o.section_id } : { board_id: o.board_id, slug: o.slug }),
      }),
      create: action({
        summary: 'Create a section (as the business `orbac_subject_id` names, when given)',
        options: zCreateSection,
        auth: 'required',
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'section.create', targetOf: (x: { id: string }) => x.id },
        handler: (ctx, o) => s.sections.create(ctx, o.board_id, o.title),
      }),
      update: action({
        summary: 'Rename a section or move it to another position',
        options: zUpdateSection,
        auth: 'required',
        handler: (ctx, o) => s.sections.update(ctx, o.section_id, { title: o.title, position: o.position }),
      }),
      delete: action({
        summary: 'Delete a section; its Pins stay on the board',
        options: zDeleteSection,
        auth: 'required',
        handler: (ctx, o) => s.sections.delete(ctx, o.section_id),
      }),
    },
  });

  registry.add({
    name: 'BoardSectionsResource',
    description: "A board's sections in their order.",
    actions: {
      get: action({ summary: "Read a board's sections", options: zListSections, actingAs: 'read', handler: (ctx, o) => s.sections.list(ctx, o.board_id) }),
    },
  });

  registry.add({
    name: 'BoardSectionsRepinResource',
    description: 'The sections of a board the viewer can save to (for the board picker).',
    actions: {
      get: action({
        summary: 'Read the sections to save into',
        options: zListSections,
        auth: 'required',
        actingAs: 'read',
        actingWithSession: true,
        async handler(ctx, o) {
          await s.boards.boardToPinTo(ctx, o.board_id);
          return s.sections.list(ctx, o.board_id);
        },
      }),
    },
  });
}
