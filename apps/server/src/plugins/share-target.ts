/**
 * The share target's POST when no service worker took it (decision 101). The installed app's share sheet posts
 * multipart form data (`title`, `text`, `url`, `image`) to /pin/create/share/, which the service worker answers
 * (public/sw.js). When it does not (the worker not running yet, or cleared), the server answers instead: a 303 to
 * the save window with the shared title, text and link. A picture cannot reach the window without the worker's
 * cache, so its key there is one that holds nothing and the window says the picture could not be read, and to
 * share it again (by then the page has installed the worker). It changes nothing: no session, no CSRF.
 */
import type { FastifyInstance } from 'fastify';
import { multipartFailure } from '../lib/multipart-failure';

const SHARE_TARGET_PATH = '/pin/create/share/';
const SHARED_FIELDS = new Set(['title', 'text', 'url']);
/** The longest shared title, text or link kept. */
const FIELD_MAX = 2048;
/** The save window's key of a picture the worker did not keep. */
const MISSED_PICTURE = 'missed';

export async function shareTargetFallback(app: FastifyInstance) {
  app.post(SHARE_TARGET_PATH, { config: { cookieless: true } }, async (req, reply) => {
    const shared = new URLSearchParams();
    if (req.isMultipart()) {
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            for await (const chunk of part.file) void chunk; // read through: nothing is kept
            shared.set('shared', MISSED_PICTURE);
          } else if (SHARED_FIELDS.has(part.fieldname) && typeof part.value === 'string' && part.value.trim() !== '') {
            shared.set(part.fieldname, part.value.slice(0, FIELD_MAX));
          }
        }
      } catch (err) {
        throw multipartFailure(err);
      }
    }
    const query = shared.toString();
    return reply.header('cache-control', 'no-store').redirect(`${SHARE_TARGET_PATH}${query ? `?${query}` : ''}`, 303);
  });
}
