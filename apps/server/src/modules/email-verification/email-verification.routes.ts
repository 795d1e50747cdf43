import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { successBody } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

const RESEND_PATH = '/v3/users/email/verify/resend/';
const VERIFY_PATH = '/v3/users/email/verify/';

const zVerify = z.object({ token: z.string().min(1).max(256) });

/** The spec path of the verification modal's Resend email, and the check of a mailed link. */
export function registerEmailVerificationSpecRoutes(app: FastifyInstance, s: Services) {
  app.post(RESEND_PATH, async (req) => successBody('spec', await s.emailVerification.resend(contextOf(req))));
  app.post(VERIFY_PATH, async (req) => {
    const { token } = parseInput(zVerify, req.body ?? {}, '');
    return successBody('spec', await s.emailVerification.verify(token));
  });
}
