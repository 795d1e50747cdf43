/**
 * The canary check shared by the matrix and the fuzz: which canaries of the
 * classes a role may not see appear in an answer. A canary the request
 * itself carries (an id the caller sent, echoed in an error) is no leak.
 */
import { CANARY, CANARY_CLASSES, type CanaryClass, type Role, type World } from './world';

export function leaksIn(w: World, role: Role, request: string, body: string): string[] {
  const canaries = w.canaries();
  const links = w.links();
  const found: string[] = [];
  for (const cls of CANARY_CLASSES) {
    if (w.maySee(role).includes(cls)) continue;
    if (w.maySeeByLink(role).includes(cls) && links[cls].some((l) => request.includes(l))) continue;
    for (const token of canaries[cls]) if (!request.includes(token) && body.includes(token)) found.push(`${cls}:${token}`);
  }
  return found;
}

/** Classes whose canary word the answer shows (words only: an id may be the caller's own, echoed). */
export function classesIn(body: string): CanaryClass[] {
  return CANARY_CLASSES.filter((cls) => body.includes(CANARY[cls]));
}
