/** Imports as their owner reads them (the shared `zImportOut`). */
import type { TImportOut } from '@pinboard/shared/schemas/imports';
import type { FailureRow, ImportWithCounts } from './imports.repo';

export function presentImport(r: ImportWithCounts, failures: FailureRow[]): TImportOut {
  return {
    id: r.id,
    status: r.status,
    board_privacy: r.board_privacy,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at ? r.finished_at.toISOString() : null,
    total: r.total,
    done: r.done,
    boards_created: r.boards_created,
    pins_imported: r.pins_imported,
    pins_skipped_dead: r.pins_skipped_dead,
    duplicates_collapsed: r.duplicates_collapsed,
    images_failed: r.images_failed,
    failures: failures.map((f) => ({ pin_url: f.pin_url, title: f.title, reason: f.reason as TImportOut['failures'][number]['reason'] })),
  };
}
