import type { TImportOut } from '@pinboard/shared/schemas/imports';
import { apiRoute } from '../../lib/api';
import { uploadToRoute } from '../../lib/uploadWithProgress';

/** The newest of one's imports, or null (the page shows its progress when reopened). */
export async function latestImport(): Promise<TImportOut | null> {
  const { data } = await apiRoute('GET /v3/imports/', { query: new URLSearchParams({ page_size: '1' }) });
  return data[0] ?? null;
}

/** Uploads the export (progress 0–1); the server answers 202 with the queued import. */
export async function startImport(file: File, boardPrivacy: 'public' | 'secret', onProgress: (sent: number) => void) {
  return (await uploadToRoute('POST /v3/imports/', { board_privacy: boardPrivacy, file }, onProgress)).data;
}

export async function retryImport(id: string) {
  return (await apiRoute('POST /v3/imports/:id/retry/', { params: { id } })).data;
}
