import { zNoOptions } from '@pinboard/shared/schemas/common';
import { zConfirmMfa, zDisableMfa } from '@pinboard/shared/schemas/business';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';
import { readSessionToken } from '../../plugins/session';

export function registerMfaResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserMfaResource',
    description:
      'Two-factor sign-in with an authenticator app (TOTP): set up with a QR code, confirm with a code (every other session of the account ends), turn off with a code and the password.',
    actions: {
      get: action({
        summary: 'Whether two-factor sign-in is on, and the recovery codes left',
        options: zNoOptions,
        auth: 'required',
        handler: (ctx) => s.mfa.status(ctx),
      }),
      create: action({
        summary: 'Start setting up: a new secret, its otpauth URL and QR code',
        options: zNoOptions,
        auth: 'required',
        handler: (ctx) => s.mfa.startEnrolment(ctx),
      }),
      update: action({
        summary: 'Confirm with a code from the app; answers the recovery codes, shown once, and how many other sessions ended',
        options: zConfirmMfa,
        auth: 'required',
        async handler(ctx, o, req) {
          const confirmed = await s.mfa.confirmEnrolment(ctx, o.code);
          // Sessions opened with the password alone end, as on a password change; this one goes on.
          return { ...confirmed, ended_sessions: await s.auth.endOtherSessions(ctx, readSessionToken(req) ?? '') };
        },
      }),
      delete: action({
        summary: 'Turn off with the password and a code from the app or a recovery code',
        options: zDisableMfa,
        auth: 'required',
        async handler(ctx, o) {
          // The password first, under the log-in limits: a wrong one uses up no code.
          await s.auth.confirmPassword(ctx, o.password);
          return s.mfa.disable(ctx, o.code);
        },
      }),
    },
  });
}
