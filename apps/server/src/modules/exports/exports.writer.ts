/**
 * Writes one export's ZIP (decision 096, docs/export-format.md): `export.json`
 * (validated against the shared schema before it is written), the original
 * images under `media/`, and `index.html` to browse it offline. The ZIP is
 * streamed by yazl into a temporary file, one image read at a time from the
 * media store (never all in memory), then stored in the media store under
 * `exports/<user>/<id>.zip`, whose key no media route serves: the download
 * goes through the exports routes, which check the owner.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { EXPORT_FORMAT_NAME, EXPORT_FORMAT_VERSION, EXPORT_MANIFEST_PATH, zExportManifest, type ExportManifest } from '@pinboard/shared/schemas/export-format';
import type { Db } from '../../db/client';
import type { MediaStore } from '../../media-pipeline/media-store';
import { exportsRepo, type PinRow } from './exports.repo';
import { exportIndexHtml } from './exports.index-html';

const EXPORT_CONTENT_TYPE = 'application/zip';

/** The media-store key of an export's ZIP. */
const exportObjectKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}_${randomBytes(8).toString('hex')}.zip`;

/** A stored image's key from its URL (`/media/<key>` or a CDN's `…/<key>`): the part from its media base on. */
function keyOfImageUrl(url: string, mediaBase: string): string | null {
  const at = url.indexOf(mediaBase);
  return at < 0 ? null : url.slice(at);
}

interface MediaEntry {
  path: string;
  key: string;
  size: number;
  contentType: string;
}

/** Builds the manifest and the list of images to copy; the images are looked up (not read) here. */
async function collect(db: Db, media: MediaStore, userId: string, server: string) {
  const profile = await exportsRepo.profile(db, userId);
  if (!profile) throw new Error('The exporting person is gone.');
  const [boards, pins, comments, people, followedBoards] = await Promise.all([
    exportsRepo.boards(db, userId),
    exportsRepo.pins(db, userId),
    exportsRepo.comments(db, userId),
    exportsRepo.followedPeople(db, userId),
    exportsRepo.followedBoards(db, userId),
  ]);
  const entries = new Map<string, MediaEntry>();

  /** The image's entry in the ZIP (one per stored image, however many Pins use it), or null when the store has none. */
  async function mediaOf(key: string | null, width: number, height: number) {
    if (!key) return null;
    const name = key.split('/').pop()!;
    const path = `media/${name}`;
    let entry = entries.get(path);
    if (!entry) {
      const reader = await media.openRead(key);
      if (!reader || reader.size === 0) return null;
      entry = { path, key, size: reader.size, contentType: reader.contentType };
      entries.set(path, entry);
    }
    return { path, content_type: entry.contentType, width, height };
  }

  const pinMedia = (p: PinRow) => (p.orig ? mediaOf(keyOfImageUrl(p.orig.url, p.media_base), p.orig.width, p.orig.height) : Promise.resolve(null));
  const profileKey = profile.image_url?.startsWith('/media/') ? profile.image_url.slice('/media/'.length) : null;

  const exportedPins: ExportManifest['pins'] = [];
  for (const p of pins) {
    exportedPins.push({
      id: p.id,
      board_id: p.board_id,
      section_id: p.board_id ? p.section_id : null,
      title: p.title,
      description: p.description,
      link: p.link,
      alt_text: p.alt_text,
      created_at: p.created_at.toISOString(),
      media: await pinMedia(p),
    });
  }
  const ownPins = new Set(pins.map((p) => p.id));
  const ownComments = new Set(comments.map((c) => c.id));

  const manifest: ExportManifest = {
    format: EXPORT_FORMAT_NAME,
    version: EXPORT_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    server,
    profile: {
      username: profile.username,
      full_name: profile.full_name,
      about: profile.about,
      location: profile.location,
      website_url: profile.website_url,
      pronouns: profile.pronouns,
      locale: profile.locale,
      created_at: profile.created_at.toISOString(),
      image: await mediaOf(profileKey, 0, 0),
    },
    boards: boards.map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      privacy: b.privacy,
      category: b.category,
      archived: b.archived,
      created_at: b.created_at.toISOString(),
      sections: b.sections.map((s) => ({ id: s.id, title: s.title, position: s.position, created_at: new Date(s.created_at).toISOString() })),
    })),
    pins: exportedPins,
    comments: comments.map((c) => ({
      id: c.id,
      pin_id: ownPins.has(c.pin_id) ? c.pin_id : null,
      pin_url: ownPins.has(c.pin_id) ? null : `${server}/pin/${c.pin_id}/`,
      parent_id: c.parent_id && ownComments.has(c.parent_id) ? c.parent_id : null,
      text: c.text,
      created_at: c.created_at.toISOString(),
    })),
    follows: {
      people: people.map((f) => ({ username: f.username, url: `${server}/${f.username}/`, followed_at: f.created_at.toISOString() })),
      boards: followedBoards.map((f) => ({
        owner_username: f.owner_username,
        name: f.name,
        url: `${server}/${f.owner_username}/${f.slug}/`,
        followed_at: f.created_at.toISOString(),
      })),
    },
  };
  // What is written is what the format promises; a reader parses it with the same schema.
  return { manifest: zExportManifest.parse(manifest), entries: [...entries.values()] };
}

/**
 * Writes the export's ZIP into the media store; answers its key and size. `signal` aborts the write (the
 * server stops: the job is handed back to the queue).
 */
export async function writeExport(
  deps: { db: Db; media: MediaStore; publicUrl: string; signal?: AbortSignal },
  exportId: string,
  userId: string,
): Promise<{ key: string; size: number }> {
  const { manifest, entries } = await collect(deps.db, deps.media, userId, deps.publicUrl);
  const dir = await mkdtemp(join(tmpdir(), 'pinboard-export-'));
  try {
    const file = join(dir, 'export.zip');
    const zip = new yazl.ZipFile();
    const mtime = new Date(manifest.exported_at);
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), EXPORT_MANIFEST_PATH, { mtime });
    zip.addBuffer(Buffer.from(exportIndexHtml(manifest)), 'index.html', { mtime });
    for (const e of entries) {
      // Images are compressed already: stored as they are. Each is opened only when the ZIP reaches it.
      zip.addReadStreamLazy(e.path, { mtime, compress: false, size: e.size }, (cb) => {
        deps.media
          .openRead(e.key)
          .then((reader) => (reader ? cb(null, reader.stream(0, reader.size - 1)) : cb(new Error(`The image ${e.key} is gone.`), null as never)))
          .catch((err: unknown) => cb(err, null as never));
      });
    }
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(file), { signal: deps.signal });
    const { size } = await stat(file);
    const key = exportObjectKey(userId, exportId);
    await deps.media.putFile(key, file, EXPORT_CONTENT_TYPE);
    return { key, size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
