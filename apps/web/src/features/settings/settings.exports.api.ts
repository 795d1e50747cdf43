import { apiRoute } from '../../lib/api';

/** Data exports (decision 096): one's own, newest first. */
export async function fetchExports(signal?: AbortSignal) {
  return (await apiRoute('GET /v3/exports/', { signal })).data;
}

/** Asks for a new export; answers the one already being prepared when there is one. */
export async function requestExport() {
  return (await apiRoute('POST /v3/exports/', { body: {} })).data;
}

export type DataExport = Awaited<ReturnType<typeof fetchExports>>[number];
