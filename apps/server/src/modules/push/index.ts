/**
 * The push module's public face (decision 088): its service (`sendToUser` fills the notifications module's
 * push port), and the delivery the job queue runs.
 */
/** @public The notifications module's push port is filled with `services.push.sendToUser`. */
export type { PushService } from './push.service';
/** @public What a push says (the port's message). */
export type { PushMessage } from './push.deliver';
export { deliverPush, pushJobPayload, PushRefused } from './push.deliver';
