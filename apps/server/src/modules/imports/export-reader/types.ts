/**
 * What reading a Pinterest data export yields (decision 093). Pure data: no database, no network.
 */

/** A board named by the export. `key` is `id:<Board Id>` when an id is known, else `name:<name>`. */
export interface ExportedBoard {
  key: string;
  pinterestId: string | null;
  name: string | null;
  description: string | null;
  privacy: 'public' | 'secret' | null;
  sections: string[];
}

export type ExportedImage =
  /** 32 lowercase hex; fetched from {base}/736x/{h0:2}/{h2:4}/{h4:6}/{hash}.jpg (see pinterestImageUrl). */
  | { kind: 'pinterest_hash'; hash: string }
  /** A legacy CSV's or other absolute image URL. */
  | { kind: 'url'; url: string }
  /** Bytes inside the archive (this product's own export). */
  | { kind: 'zip_entry'; path: string };

export interface ExportedPin {
  /** The digits of the Pin id, the same whatever host wrote the URL. */
  pinterestId: string;
  /** Canonical https://www.pinterest.com/pin/<id>/ */
  pinUrl: string;
  title: string | null;
  description: string | null;
  link: string | null;
  altText: string | null;
  /** "YYYY/MM/DD HH:MM:SS" without zone, read as UTC. */
  createdAt: Date | null;
  /** Key of an ExportedBoard (board found by Board Id, else by name). */
  boardKey: string | null;
  section: string | null;
  alive: boolean;
  isVideo: boolean;
  isRepin: boolean;
  private: boolean;
  /** Null when the export has none (then the Pin cannot be imported: reason 'no_image'). */
  image: ExportedImage | null;
  /** An Idea Pin's "Story Pin Media" hashes, in order. */
  storyImages: ExportedImage[];
}

export type ExportLayout = 'current' | 'older' | 'legacy_csv' | 'pinboard';

export interface ExportArchive {
  layout: ExportLayout;
  boards: ExportedBoard[];
  pins: ExportedPin[];
  /** The bytes of one entry of a ZIP export (bounded by maxEntryBytes); rejects for a single HTML/CSV file. */
  readEntry(path: string): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ExportLimits {
  /** Size of the uploaded file itself. */
  maxFileBytes: number;
  /** Sum of the declared uncompressed sizes of a ZIP's entries. */
  maxUncompressedBytes: number;
  /** Number of entries in a ZIP. */
  maxEntries: number;
  /** Number of distinct Pins. */
  maxPins: number;
  /** One HTML/CSV entry (or single file) read into memory. */
  maxEntryBytes: number;
}

export type ExportRejectedReason = 'too_large' | 'zip_bomb' | 'unsafe_path' | 'too_many_pins' | 'unrecognised' | 'corrupt';

/** The file is refused as a whole; `reason` says why (the importer shows it keyed). */
export class ExportRejected extends Error {
  readonly reason: ExportRejectedReason;
  constructor(reason: ExportRejectedReason, detail?: string) {
    super(detail ? `export rejected: ${reason}: ${detail}` : `export rejected: ${reason}`);
    this.name = 'ExportRejected';
    this.reason = reason;
  }
}
