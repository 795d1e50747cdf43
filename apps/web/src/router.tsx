import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './shell/RootLayout';
import { HomeRoute } from './routes/HomeRoute';
import { BoardPage, ProfilePage, SectionPage } from './routes/ProfilePathGate';

/**
 * A route whose module is downloaded when the route is first matched. It
 * suspends inside the layout's Suspense; a navigation is a transition (the
 * router wraps it in startTransition), so the page being left stays shown
 * until the new one is ready and navigating never flashes an empty page.
 */
function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Pick<RouteObject, 'element'> {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return { element: <Page /> };
}

const boardRoutes = () => import('./routes/BoardRoute');
const boardCreate = () => import('./routes/BoardCreateRoute');
const searchRoutes = () => import('./routes/SearchRoute');
const messages = () => import('./routes/MessagesRoute');
const settings = () => import('./routes/SettingsRoute');
const oauthRoutes = () => import('./routes/OAuthRoute');
const moderation = () => import('./routes/ModerationRoute');
const todayRoutes = () => import('./routes/TodayRoute');
const saveFromPage = () => import('./routes/SaveFromPageRoute');

/**
 * Static paths rank above the dynamic profile paths, and those render only
 * when isProfilePath() says the first segment is not reserved.
 *
 * The home feed and a profile are what most visits open first: their pages
 * are in the first download. Every other page is its own chunk, loaded when
 * it is first matched (docs/decisions/017-page-weight-and-compressed-assets.md).
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'homefeed', element: <HomeRoute /> },
          {
            path: 'login',
            ...lazyRoute(
              () => import('./routes/LoginRoute'),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: 'signup',
            ...lazyRoute(
              () => import('./routes/SignupRoute'),
              (m) => m.SignupRoute,
            ),
          },
          {
            path: 'pin/:id',
            ...lazyRoute(
              () => import('./routes/PinRoute'),
              (m) => m.PinRoute,
            ),
          },
          {
            path: 'pin/:id/edit',
            ...lazyRoute(
              () => import('./routes/PinEditRoute'),
              (m) => m.PinEditRoute,
            ),
          },
          // The save window of the bookmarklet and the share target (decision 101).
          { path: 'pin/create/bookmarklet', ...lazyRoute(saveFromPage, (m) => m.SaveFromPageRoute) },
          { path: 'pin/create/share', ...lazyRoute(saveFromPage, (m) => m.SaveFromPageRoute) },
          {
            path: 'pin/create/:method',
            ...lazyRoute(
              () => import('./routes/PinCreateUploadedRoute'),
              (m) => m.PinCreateUploadedRoute,
            ),
          },
          {
            path: 'pin-builder',
            ...lazyRoute(
              () => import('./routes/PinBuilderRoute'),
              (m) => m.PinBuilderRoute,
            ),
          },
          {
            path: 'ideas/:slug',
            ...lazyRoute(
              () => import('./routes/IdeasRoute'),
              (m) => m.IdeasRoute,
            ),
          },
          { path: 'today', ...lazyRoute(todayRoutes, (m) => m.TodayIndexRoute) },
          { path: 'today/:kind/:articleSlug/:id', ...lazyRoute(todayRoutes, (m) => m.TodayArticleRoute) },
          { path: 'board/create', ...lazyRoute(boardCreate, (m) => m.BoardCreateRoute) },
          { path: 'board/create/cluster/:clusterId', ...lazyRoute(boardCreate, (m) => m.BoardCreateRoute) },
          { path: 'board/:boardId/create_section', ...lazyRoute(boardRoutes, (m) => m.BoardCreateSectionRoute) },
          {
            path: 'pin-creation-tool',
            ...lazyRoute(
              () => import('./routes/PinCreationToolRoute'),
              (m) => m.PinCreationToolRoute,
            ),
          },
          {
            path: 'idea-pin-builder',
            ...lazyRoute(
              () => import('./routes/IdeaPinBuilderRoute'),
              (m) => m.IdeaPinBuilderRoute,
            ),
          },
          {
            path: 'collage-creation-tool',
            ...lazyRoute(
              () => import('./routes/CollageCreationToolRoute'),
              (m) => m.CollageCreationToolRoute,
            ),
          },
          { path: 'search', ...lazyRoute(searchRoutes, (m) => m.SearchRoute) },
          { path: 'search/me', ...lazyRoute(searchRoutes, (m) => m.SearchMeRoute) },
          // Pinterest's paths, one per kind of result (decision 084).
          { path: 'search/pins', ...lazyRoute(searchRoutes, (m) => m.SearchRoute) },
          { path: 'search/boards', ...lazyRoute(searchRoutes, (m) => m.SearchRoute) },
          { path: 'search/users', ...lazyRoute(searchRoutes, (m) => m.SearchRoute) },
          { path: 'messages', ...lazyRoute(messages, (m) => m.MessagesRoute) },
          { path: 'conversation/:id', ...lazyRoute(messages, (m) => m.MessagesRoute) },
          {
            path: 'notifications',
            ...lazyRoute(
              () => import('./routes/NotificationsRoute'),
              (m) => m.NotificationsRoute,
            ),
          },
          { path: 'settings', ...lazyRoute(settings, (m) => m.SettingsRoute) },
          { path: 'settings/:page', ...lazyRoute(settings, (m) => m.SettingsRoute) },
          { path: 'developers/apps', ...lazyRoute(oauthRoutes, (m) => m.DeveloperAppsRoute) },
          { path: 'oauth', ...lazyRoute(oauthRoutes, (m) => m.OAuthConsentRoute) },
          {
            path: 'invited',
            ...lazyRoute(
              () => import('./routes/InvitedRoute'),
              (m) => m.InvitedRoute,
            ),
          },
          {
            path: 'admin',
            ...lazyRoute(
              () => import('./routes/AdminRoute'),
              (m) => m.AdminRoute,
            ),
          },
          {
            path: 'admin/entry',
            ...lazyRoute(
              () => import('./routes/AdminEntryRoute'),
              (m) => m.AdminEntryRoute,
            ),
          },
          {
            path: 'about/imprint',
            ...lazyRoute(
              () => import('./routes/ImprintRoute'),
              (m) => m.ImprintRoute,
            ),
          },
          {
            path: 'verify-email',
            ...lazyRoute(
              () => import('./routes/VerifyEmailRoute'),
              (m) => m.VerifyEmailRoute,
            ),
          },
          {
            path: 'report/:form',
            ...lazyRoute(
              () => import('./routes/TakedownRoute'),
              (m) => m.TakedownRoute,
            ),
          },
          { path: 'reports-and-violations', ...lazyRoute(moderation, (m) => m.NoticesRoute) },
          { path: 'reports-and-violations/queue', ...lazyRoute(moderation, (m) => m.ModerationQueueRoute) },
          {
            path: 'advertiser/:advertiserId/*',
            ...lazyRoute(
              () => import('./routes/AdvertiserRoute'),
              (m) => m.AdvertiserRoute,
            ),
          },
          { path: ':username', element: <ProfilePage /> },
          { path: ':username/:slug', element: <BoardPage /> },
          { path: ':username/:slug/:section', element: <SectionPage /> },
          {
            path: '*',
            ...lazyRoute(
              () => import('./routes/NotFoundRoute'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

/**
 * The pages, in the router's declarative mode (docs/decisions/017): the data
 * router's loaders and actions are not used here, and leaving them out of
 * the first download saves 16 KB of gzipped JavaScript on every first visit.
 * A page that fails to render shows shell/RouteError.tsx (shell/RootLayout.tsx).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
