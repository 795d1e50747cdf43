/**
 * What every service call receives: who is acting (null when signed out) and
 * the request's client address for rate limits.
 */
import { loginRequired } from './app-error';

export interface Viewer {
  id: string;
  username: string;
}

export interface RequestContext {
  viewer: Viewer | null;
  clientIp: string;
}

export function requireViewer(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw loginRequired();
  return ctx.viewer;
}
