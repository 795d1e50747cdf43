import type { ExportArchive, ExportLimits } from './types.ts';

export * from './types.ts';

const MB = 1024 * 1024;

/** Defaults (decision 093). */
export const EXPORT_LIMITS: ExportLimits = {
  maxFileBytes: 500 * MB,
  maxUncompressedBytes: 4 * 1024 * MB,
  maxEntries: 200_000,
  maxPins: 100_000,
  maxEntryBytes: 64 * MB,
};

/** Opens a .zip, a single .html or a .csv export (sniffed by its bytes, not its name). */
export async function openExport(file: string, limits?: Partial<ExportLimits>): Promise<ExportArchive> {
  void file;
  void limits;
  throw new Error('not implemented yet');
}

/** The URL of a Pin image by its 32-hex signature: {base}/736x/{h0:2}/{h2:4}/{h4:6}/{hash}.jpg */
export function pinterestImageUrl(base: string, hash: string): string {
  return `${base.replace(/\/+$/, '')}/736x/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash.slice(4, 6)}/${hash}.jpg`;
}
