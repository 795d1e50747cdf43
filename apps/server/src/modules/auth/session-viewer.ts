/**
 * The Viewer as `UserSessionResource get` answers it: the account's own
 * fields, and what the request says of its visitor (bot, country, imprint;
 * decision 041). The first HTML of a signed-in page carries the same answer,
 * so the app lays itself out for that person from its first paint. It names
 * the business profile the session acts as (`acting`, null for oneself).
 */
import type { FastifyRequest } from 'fastify';
import { viewerTraits } from '../entry';
import type { RequestContext } from '../../lib/context';
import type { Services } from '../../services';

export async function sessionViewerAnswer(s: Services, ctx: RequestContext, req: FastifyRequest) {
  const viewer = await s.users.viewer(ctx);
  // The business profile the session acts as (decision 059): every tab reads it here, so none acts on a stale choice.
  const acting = viewer.isAuth ? { acting: await s.businessAccess.actingOfSession(ctx) } : {};
  // A signed-in person's country is their account's.
  return { ...viewer, ...acting, ...viewerTraits(s.visitor(req, ('country' in viewer ? viewer.country : null) ?? null), s.imprintUrl) };
}
