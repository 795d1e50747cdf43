import { zNoOptions } from '@pinboard/shared/schemas/common';
import { claimLandingOf } from '../entry';
import { sessionViewerAnswer } from './session-viewer';
import { chooseLocale, parseAcceptLanguage } from '@pinboard/shared/constants/locales';
import { zChangePassword, zLogin, zRegister } from '@pinboard/shared/schemas/users';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../plugins/session';

export function registerAuthResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserRegisterResource',
    description: 'Sign up: makes an account and starts a session.',
    actions: {
      create: action({
        summary: 'Create an account',
        options: zRegister,
        async handler(ctx, options, req) {
          // The account starts in the language the person signed up in, else their browser's (decision 042).
          const locale = options.locale ?? chooseLocale({ browser: parseAcceptLanguage(req.headers['accept-language']) });
          const { user, token } = await s.auth.register({ ...options, locale }, ctx.clientIp);
          setSessionCookie(req, token);
          // The landing this browser had (its entry channel) becomes the new account's (decision 040).
          await claimLandingOf(req, s, user.id);
          return { id: user.id, username: user.username };
        },
      }),
    },
  });

  registry.add({
    name: 'UserSessionResource',
    description: 'The signed-in Viewer; log in and log out.',
    actions: {
      get: action({
        summary: 'The Viewer ({isAuth:false} when signed out)',
        options: zNoOptions,
        async handler(ctx, _options, req) {
          // Bot or person and country come from the request (decision 041).
          return sessionViewerAnswer(s, ctx, req);
        },
      }),
      create: action({
        summary: 'Log in; a new session token is issued',
        options: zLogin,
        async handler(ctx, options, req) {
          const { user, token } = await s.auth.login(options, ctx.clientIp);
          const old = readSessionToken(req);
          if (old) await s.auth.logout(old);
          setSessionCookie(req, token);
          return s.users.viewer({ ...ctx, viewer: { id: user.id, username: user.username } });
        },
      }),
      delete: action({
        summary: 'Log out; the session ends on the server',
        options: zNoOptions,
        async handler(_ctx, _options, req) {
          const token = readSessionToken(req);
          if (token) await s.auth.logout(token);
          clearSessionCookie(req);
          return { isAuth: false };
        },
      }),
    },
  });

  registry.add({
    name: 'UserPasswordResource',
    description: "The signed-in account's password. Changing it needs the current one; every other session of the account ends.",
    actions: {
      update: action({
        summary: 'Change the password (current_password, new_password); other sessions end, this one goes on with a new token',
        options: zChangePassword,
        auth: 'required',
        async handler(ctx, options, req) {
          const { token, endedOthers } = await s.auth.changePassword(ctx, readSessionToken(req) ?? '', options);
          setSessionCookie(req, token);
          return { ended_sessions: endedOthers };
        },
      }),
    },
  });

  registry.add({
    name: 'UserSessionsResource',
    description: 'Every session of the signed-in account.',
    actions: {
      delete: action({
        summary: 'Log out of all devices: every session of the account ends, this one included',
        options: zNoOptions,
        auth: 'required',
        async handler(ctx, _options, req) {
          const ended = await s.auth.logoutEverywhere(ctx);
          clearSessionCookie(req);
          return { isAuth: false, ended_sessions: ended };
        },
      }),
    },
  });
}
