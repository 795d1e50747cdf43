import { noteSignedInViewer } from '../../lib/actingProfile';
import type { SessionRead, Viewer } from './session.api';

/**
 * The signed-in Viewer the server put in the first HTML (`#viewer-data`), read
 * once: the first render already knows who is looking, so the layout does not
 * shift when the Viewer would have arrived. Later reads go to the server.
 */
export function takeEmbeddedViewer(doc: Document | undefined = globalThis.document): Viewer | undefined {
  const element = doc?.getElementById('viewer-data');
  if (!element) return undefined;
  element.remove();
  let viewer: unknown;
  try {
    viewer = JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
  if (!viewer || typeof viewer !== 'object' || (viewer as { isAuth?: unknown }).isAuth !== true) return undefined;
  // The server wrote it as UserSessionResource get answers (session-viewer.ts); its schema stays out of the bundle.
  const signedIn = viewer as Extract<SessionRead, { isAuth: true }>;
  noteSignedInViewer(signedIn.id, signedIn.acting ?? null);
  return signedIn;
}
