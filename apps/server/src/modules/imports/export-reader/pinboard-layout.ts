/**
 * This product's own export (decision 096, docs/export-format.md) as the
 * export reader's boards and Pins: a ZIP with `export.json` (format
 * `pinboard-export`, parsed with the shared schema the exports module writes
 * it with) and the original images under `media/`. Boards keep their
 * description, privacy (a protected board comes back secret: the reader's
 * boards are public or secret) and sections; Pins their board, section,
 * texts, creation time and image, read from the ZIP itself.
 */
import { EXPORT_FORMAT_NAME, EXPORT_MANIFEST_PATH, zExportManifest } from '@pinboard/shared/schemas/export-format';
import { ExportRejected, type ExportedBoard, type ExportedPin } from './types';

/** The ZIP holds this product's `export.json` at its top. */
export function isPinboardExport(entryNames: readonly string[]): boolean {
  return entryNames.includes(EXPORT_MANIFEST_PATH);
}

const orNull = (s: string) => (s === '' ? null : s);

/**
 * Reads the boards and Pins of this product's export; `readEntry` reads one entry of the ZIP, `entryNames` are
 * all of them (an image the manifest names but the ZIP lacks leaves its Pin without one). Refuses a manifest that
 * does not parse (`corrupt`) or names more Pins than `maxPins` (`too_many_pins`).
 */
export async function readPinboardExport(
  entryNames: readonly string[],
  readEntry: (path: string) => Promise<Buffer>,
  maxPins: number,
): Promise<{ boards: ExportedBoard[]; pins: ExportedPin[] }> {
  let json: unknown;
  try {
    json = JSON.parse((await readEntry(EXPORT_MANIFEST_PATH)).toString('utf8'));
  } catch (err) {
    throw new ExportRejected('corrupt', `${EXPORT_MANIFEST_PATH} is not JSON: ${(err as Error).message}`);
  }
  const parsed = zExportManifest.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown } | null)?.format;
    throw new ExportRejected(format === EXPORT_FORMAT_NAME ? 'corrupt' : 'unrecognised', parsed.error.issues[0]?.message);
  }
  const m = parsed.data;
  if (m.pins.length > maxPins) throw new ExportRejected('too_many_pins', `${m.pins.length} Pins`);

  let server = m.server;
  while (server.endsWith('/')) server = server.slice(0, -1);
  const present = new Set(entryNames);
  const boardById = new Map(m.boards.map((b) => [b.id, b]));
  const sectionTitle = new Map(m.boards.flatMap((b) => b.sections.map((s) => [s.id, s.title] as const)));
  const boards: ExportedBoard[] = m.boards.map((b) => ({
    key: `id:${b.id}`,
    pinterestId: null,
    name: b.name,
    description: orNull(b.description),
    privacy: b.privacy === 'public' ? 'public' : 'secret',
    sections: b.sections.map((s) => s.title),
  }));
  const pins: ExportedPin[] = m.pins.map((p) => {
    const board = p.board_id ? boardById.get(p.board_id) : undefined;
    return {
      pinterestId: p.id,
      pinUrl: `${server}/pin/${p.id}/`,
      title: orNull(p.title),
      description: orNull(p.description),
      link: orNull(p.link),
      altText: orNull(p.alt_text),
      createdAt: new Date(p.created_at),
      boardKey: board ? `id:${board.id}` : null,
      section: board && p.section_id ? (sectionTitle.get(p.section_id) ?? null) : null,
      alive: true,
      isVideo: false,
      isRepin: false,
      private: board !== undefined && (board.privacy === 'secret' || board.privacy === 'protected'),
      image: p.media && present.has(p.media.path) ? { kind: 'zip_entry', path: p.media.path } : null,
      storyImages: [],
    };
  });
  return { boards, pins };
}
