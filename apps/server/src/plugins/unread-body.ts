/**
 * An answer sent before its request's body was read (a refused upload, a
 * login required, an unknown form field) closes its connection: the unread
 * rest of the body would otherwise sit in front of the next request on that
 * keep-alive connection, which would wait until the socket timed out. Closing
 * costs the client one new connection; reading a refused 20 MB upload to the
 * end would cost us its bytes.
 */
import type { FastifyInstance } from 'fastify';

export async function unreadBodyPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (!req.raw.complete) reply.header('connection', 'close');
  });
}
