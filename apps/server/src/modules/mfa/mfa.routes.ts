import { zConfirmMfa, zDisableMfa } from '@pinboard/shared/schemas/business';
import { z } from 'zod';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerMfaResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserMfaResource',
    description: 'Two-factor sign-in with an authenticator app (TOTP): set up with a QR code, confirm with a code, turn off with a code.',
    actions: {
      get: action({ summary: 'Whether two-factor sign-in is on, and the recovery codes left', options: z.strictObject({}), auth: 'required', handler: (ctx) => s.mfa.status(ctx) }),
      create: action({ summary: 'Start setting up: a new secret, its otpauth URL and QR code', options: z.strictObject({}), auth: 'required', handler: (ctx) => s.mfa.startEnrolment(ctx) }),
      update: action({ summary: 'Confirm with a code from the app; answers the recovery codes, shown once', options: zConfirmMfa, auth: 'required', handler: (ctx, o) => s.mfa.confirmEnrolment(ctx, o.code) }),
      delete: action({ summary: 'Turn off with a code from the app or a recovery code', options: zDisableMfa, auth: 'required', handler: (ctx, o) => s.mfa.disable(ctx, o.code) }),
    },
  });
}
