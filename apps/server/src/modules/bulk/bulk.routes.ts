import { zBoardPinOrder, zPinBulkDelete, zPinMove } from '@pinboard/shared/schemas/pins';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerBulkResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'PinMoveResource',
    description:
      'Move Pins between boards and sections: pin_ids, or select_all with excluded_pin_ids. One action per board at a time (2171 while another runs).',
    actions: {
      create: action({
        summary: 'Move Pins (as a business with orbac_subject_id)',
        options: zPinMove,
        auth: 'required',
        actingAs: 'publish',
        actingAudit: { action: 'pin.move', targetOf: (_moved, o) => o.new_board_id },
        handler: (ctx, o) => s.bulk.move(ctx, o),
      }),
    },
  });
  registry.add({
    name: 'PinBulkDeleteResource',
    description: "Delete many of a board's Pins: pin_ids, or select_all with excluded_pin_ids.",
    actions: { delete: action({ summary: 'Delete Pins', options: zPinBulkDelete, auth: 'required', handler: (ctx, o) => s.bulk.delete(ctx, o) }) },
  });
  registry.add({
    name: 'BoardPinOrderResource',
    description: "A board's custom Pin order: place one Pin between its new neighbours (after_pin_id, before_pin_id). Owners and collaborators.",
    actions: {
      update: action({
        summary: 'Move a Pin to a new place on its board',
        options: zBoardPinOrder,
        auth: 'required',
        handler: (ctx, o) => s.bulk.reorder(ctx, o),
      }),
    },
  });
}
