/**
 * The answers of the plain routes the web app calls (spec paths such as
 * `/v3/...`, not named resources), decision 079: keyed by method and the
 * server's route pattern (`:name` for a path parameter), each the schema of the
 * envelope's `data` as the client reads it (a paged route: the page's items,
 * the `bookmark` beside them). Strict like the resources' (./resources); in
 * tests the server parses every answer of these routes with them. Shapes a
 * resource also answers are taken from that resource's entry.
 */
import { z } from 'zod';
import { zPinOut } from '../schemas/entities';
import { zImportOut, zImportStarted } from '../schemas/imports';
import { zExportOut, zExportRequested } from '../schemas/exports';
import { contract } from './resources';

/** A collage (shuffle) as a list names it: the collage's own fields, without the creation tool's canvas and layers. */
const zCollageOut = contract.CollageResource.get.output.omit({ canvas: true, layers: true });

export const routes = {
  /** Redeeming an invite code follows its owner: the follow state, and whom. */
  'POST /v3/invite_code/:code/redeem/': { output: contract.UserFollowResource.create.output.extend({ username: z.string() }) },
  /** A visitor's landing, told once per visit: whether it was recorded. */
  'POST /v3/invite_code/attribution/land/': { output: z.strictObject({ recorded: z.boolean() }) },
  'POST /v3/legal/takedowns/:form/': { output: z.strictObject({ id: z.string(), status: z.literal('received') }) },
  /** The profiles the viewer may act as: their own first (OWNER), then each business. */
  'GET /vx/business_access/profiles/': { output: z.strictObject({ profiles: z.array(contract.BusinessActingResource.get.output.unwrap()) }) },
  /** Drafts and published collages; with transform_to_pins a published collage is its Pin. Paged. */
  'GET /v3/users/me/shuffles/': { output: z.array(z.union([zCollageOut, zPinOut])), paged: true },
  'DELETE /v3/shuffles/:id/': { output: contract.CollageResource.delete.output },
  /** Board suggestions (Pin clusters). */
  'GET /v3/users/profile/pins/clusters/': {
    output: z.array(z.strictObject({ id: z.string(), names: z.array(z.string()), thumbnails: z.array(z.string()), pin_count: z.number().int() })),
  },
  'GET /v3/users/profile/pins/cluster/:id/feed/': { output: z.array(zPinOut), paged: true },
  'POST /v3/users/email/verify/resend/': { output: z.strictObject({ email_sent: z.boolean() }) },
  'POST /v3/users/email/verify/': { output: z.strictObject({ email_verified: z.boolean() }) },
  /** pushKey: the VAPID public key (base64url) the web app subscribes browsers with (decision 088). */
  'GET /v3/push/key/': { output: z.strictObject({ public_key: z.string().min(1) }) },
  /** Importing a Pinterest export (decision 094): the upload answers 202 with the queued import. */
  'POST /v3/imports/': { output: zImportStarted },
  /** One's imports, newest first. Paged. */
  'GET /v3/imports/': { output: z.array(zImportOut), paged: true },
  /** One import's progress: counts and failures (another person's: 404). */
  'GET /v3/imports/:id/': { output: zImportOut },
  /** Retry failed: the failures of a finished import tried again. */
  'POST /v3/imports/:id/retry/': { output: zImportStarted },
  /** Data exports (decision 096): ask for one (202; the one already queued or running, if any), one's own list, one's own export. */
  'POST /v3/exports/': { output: zExportRequested },
  'GET /v3/exports/': { output: z.array(zExportOut) },
  'GET /v3/exports/:id/': { output: zExportOut },
  'POST /ads/v4/advertisers/:advertiserId/pins/:pinId/quick_promote/': {
    output: z.strictObject({ campaign_id: z.string(), ad_group_id: z.string(), ad_id: z.string() }),
  },
} satisfies Record<string, { output: z.ZodType; paged?: true }>;
