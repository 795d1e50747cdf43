/**
 * The `export.json` of a data export (decision 096, docs/export-format.md):
 * format `pinboard-export`, version 1. The exports module writes it and
 * validates what it writes against this schema; the imports module reads a
 * ZIP of this product's with it. Ids are the exporting server's, as strings:
 * they tie Pins to boards and sections, comments to Pins, inside one file.
 * Times are ISO 8601 in UTC. `media` paths are relative paths inside the ZIP.
 */
import { z } from 'zod';

export const EXPORT_FORMAT_NAME = 'pinboard-export';
export const EXPORT_FORMAT_VERSION = 1;

const zExportId = z.string().regex(/^\d{1,19}$/);
const zTime = z.iso.datetime({ offset: true });
/** A relative path inside the ZIP, under `media/`: no `..`, no absolute path, no backslash. */
const zMediaPath = z.string().regex(/^media\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/);

const zExportMedia = z.strictObject({
  path: zMediaPath,
  content_type: z.string().min(1),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});

const zExportSection = z.strictObject({
  id: zExportId,
  title: z.string(),
  position: z.number().int(),
  created_at: zTime,
});

const zExportBoard = z.strictObject({
  id: zExportId,
  name: z.string().min(1),
  description: z.string(),
  privacy: z.enum(['public', 'secret', 'protected']),
  category: z.string(),
  archived: z.boolean(),
  created_at: zTime,
  sections: z.array(zExportSection),
});

const zExportPin = z.strictObject({
  id: zExportId,
  /** null: saved to the profile, on no board. */
  board_id: zExportId.nullable(),
  section_id: zExportId.nullable(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  alt_text: z.string(),
  created_at: zTime,
  /** The Pin's original image (a video's or an Idea Pin's cover image); null when the store had none. */
  media: zExportMedia.nullable(),
});

const zExportComment = z.strictObject({
  id: zExportId,
  /** The Pin of this export it is on; null when it is on someone else's Pin. */
  pin_id: zExportId.nullable(),
  /** The address of someone else's Pin it is on, while the exporting person may still see it; else null. */
  pin_url: z.string().nullable(),
  /** The comment it answers, when that is one of this export's too. */
  parent_id: zExportId.nullable(),
  text: z.string(),
  created_at: zTime,
});

const zExportFollowedPerson = z.strictObject({ username: z.string(), url: z.string(), followed_at: zTime });
const zExportFollowedBoard = z.strictObject({ owner_username: z.string(), name: z.string(), url: z.string(), followed_at: zTime });

export const zExportManifest = z.strictObject({
  format: z.literal(EXPORT_FORMAT_NAME),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exported_at: zTime,
  /** The address of the server that made it. */
  server: z.string(),
  profile: z.strictObject({
    username: z.string(),
    full_name: z.string(),
    about: z.string(),
    location: z.string(),
    website_url: z.string(),
    pronouns: z.array(z.string()),
    locale: z.string(),
    created_at: zTime,
    image: zExportMedia.nullable(),
  }),
  boards: z.array(zExportBoard),
  pins: z.array(zExportPin),
  comments: z.array(zExportComment),
  follows: z.strictObject({ people: z.array(zExportFollowedPerson), boards: z.array(zExportFollowedBoard) }),
});

export type ExportManifest = z.infer<typeof zExportManifest>;

/** The manifest's name inside the ZIP. */
export const EXPORT_MANIFEST_PATH = 'export.json';
