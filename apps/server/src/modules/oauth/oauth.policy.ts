/**
 * Who may see and change an OAuth app (decision 099): its owner alone. Anyone else, signed in or not, is told
 * it is not there (404), as for an id no app has. The built-in public client (the browser extension) has no
 * owner, so no one manages it here. Tokens and connected apps are each person's own and read by their id only.
 */
import type { Viewer } from '../../lib/context';

/** May `viewer` see, change, delete or give a new secret to an app owned by `ownerId`? */
export const mayManageApp = (viewer: Viewer, ownerId: string | null): boolean => ownerId !== null && ownerId === viewer.id;
