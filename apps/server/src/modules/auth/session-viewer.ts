/**
 * The Viewer as `UserSessionResource get` answers it: the account's own
 * fields, and what the request says of its visitor (bot, country, imprint;
 * decision 041). The first HTML of a signed-in page carries the same answer,
 * so the app lays itself out for that person from its first paint.
 */
import type { FastifyRequest } from 'fastify';
import { viewerTraits } from '../entry';
import type { RequestContext } from '../../lib/context';
import type { Services } from '../../services';

export async function sessionViewerAnswer(s: Services, ctx: RequestContext, req: FastifyRequest) {
  const viewer = await s.users.viewer(ctx);
  // A signed-in person's country is their account's.
  return { ...viewer, ...viewerTraits(s.visitor(req, ('country' in viewer ? viewer.country : null) ?? null), s.imprintUrl) };
}
