import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './shell/RootLayout';
import { HomeRoute } from './features/feeds/HomePage';
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

const boardRoutes = () => import('./features/boards/BoardPathPages');
const boardCreate = () => import('./features/create/BoardCreatePage');
const searchRoutes = () => import('./features/search/SearchPages');
const messages = () => import('./features/messages/MessagesPage');
const settings = () => import('./features/settings/SettingsPage');
const moderation = () => import('./features/moderation/ModerationPages');
const todayRoutes = () => import('./features/today/TodayPages');

/**
 * Static paths rank above the dynamic profile paths, and those render only
 * when isProfilePath() says the first segment is not reserved.
 *
 * The home feed and a profile are what most visits open first: their pages
 * are in the first download. Every other page is its own chunk, loaded when
 * it is first matched (docs/decisions/017-page-weight-and-compressed-assets.md).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'homefeed', element: <HomeRoute /> },
          { path: 'login', ...lazyRoute(() => import('./features/session/LoginPage'), (m) => m.LoginRoute) },
          { path: 'signup', ...lazyRoute(() => import('./features/session/SignupPage'), (m) => m.SignupRoute) },
          { path: 'pin/:id', ...lazyRoute(() => import('./routes/PinRoute'), (m) => m.PinRoute) },
          { path: 'pin/:id/edit', ...lazyRoute(() => import('./features/create/PinEditPage'), (m) => m.PinEditRoute) },
          { path: 'pin/create/:method', ...lazyRoute(() => import('./features/create/PinCreateUploadedPage'), (m) => m.PinCreateUploadedRoute) },
          { path: 'pin-builder', ...lazyRoute(() => import('./features/create/PinBuilderPage'), (m) => m.PinBuilderRoute) },
          { path: 'ideas/:slug', ...lazyRoute(() => import('./features/topics/IdeasPage'), (m) => m.IdeasRoute) },
          { path: 'today', ...lazyRoute(todayRoutes, (m) => m.TodayIndexRoute) },
          { path: 'today/:kind/:articleSlug/:id', ...lazyRoute(todayRoutes, (m) => m.TodayArticleRoute) },
          { path: 'board/create', ...lazyRoute(boardCreate, (m) => m.BoardCreateRoute) },
          { path: 'board/create/cluster/:clusterId', ...lazyRoute(boardCreate, (m) => m.BoardCreateRoute) },
          { path: 'board/:boardId/create_section', ...lazyRoute(boardRoutes, (m) => m.BoardCreateSectionRoute) },
          { path: 'pin-creation-tool', ...lazyRoute(() => import('./features/create/PinCreationToolPage'), (m) => m.PinCreationToolRoute) },
          { path: 'idea-pin-builder', ...lazyRoute(() => import('./features/create/IdeaPinBuilderPage'), (m) => m.IdeaPinBuilderRoute) },
          { path: 'collage-creation-tool', ...lazyRoute(() => import('./features/collages/CollageCreationToolPage'), (m) => m.CollageCreationToolRoute) },
          { path: 'search', ...lazyRoute(searchRoutes, (m) => m.SearchRoute) },
          { path: 'search/me', ...lazyRoute(searchRoutes, (m) => m.SearchMeRoute) },
          { path: 'messages', ...lazyRoute(messages, (m) => m.MessagesRoute) },
          { path: 'conversation/:id', ...lazyRoute(messages, (m) => m.MessagesRoute) },
          { path: 'settings', ...lazyRoute(settings, (m) => m.SettingsRoute) },
          { path: 'settings/:page', ...lazyRoute(settings, (m) => m.SettingsRoute) },
          { path: 'invited', ...lazyRoute(() => import('./features/social/InvitedPage'), (m) => m.InvitedRoute) },
          { path: 'admin/entry', ...lazyRoute(() => import('./routes/AdminEntryRoute'), (m) => m.AdminEntryRoute) },
          { path: 'about/imprint', ...lazyRoute(() => import('./features/entry/ImprintPage'), (m) => m.ImprintRoute) },
          { path: 'verify-email', ...lazyRoute(() => import('./features/email-verification/VerifyEmailPage'), (m) => m.VerifyEmailRoute) },
          { path: 'report/:form', ...lazyRoute(() => import('./features/moderation/TakedownPage'), (m) => m.TakedownRoute) },
          { path: 'reports-and-violations', ...lazyRoute(moderation, (m) => m.NoticesRoute) },
          { path: 'reports-and-violations/queue', ...lazyRoute(moderation, (m) => m.ModerationQueueRoute) },
          { path: 'advertiser/:advertiserId/*', ...lazyRoute(() => import('./features/ads/AdvertiserPage'), (m) => m.AdvertiserRoute) },
          { path: ':username', element: <ProfilePage /> },
          { path: ':username/:slug', element: <BoardPage /> },
          { path: ':username/:slug/:section', element: <SectionPage /> },
          { path: '*', ...lazyRoute(() => import('./routes/NotFoundRoute'), (m) => m.NotFoundRoute) },
        ],
      },
    ],
  },
];

/**
 * The pages, in the router's declarative mode (docs/decisions/017): the data
 * router's loaders and actions are not used here, and leaving them out of
 * the first download saves 16 KB of gzipped JavaScript on every first visit.
 * A page that fails to render shows routes/RouteError.tsx (shell/RootLayout.tsx).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
