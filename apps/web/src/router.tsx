import { createBrowserRouter } from 'react-router';
import { RootLayout } from './components/AppShell/RootLayout';
import { BoardCreateRoute } from './routes/BoardCreateRoute';
import { HomeRoute } from './routes/HomeRoute';
import { IdeasRoute } from './routes/IdeasRoute';
import { LoginRoute } from './routes/LoginRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { BoardCreateSectionRoute } from './routes/BoardRoute';
import { PinBuilderRoute } from './routes/PinBuilderRoute';
import { PinCreateUploadedRoute } from './routes/PinCreateUploadedRoute';
import { PinCreationToolRoute } from './routes/PinCreationToolRoute';
import { CollageCreationToolRoute } from './routes/CollageCreationToolRoute';
import { PinEditRoute } from './routes/PinEditRoute';
import { PinRoute } from './routes/PinRoute';
import { BoardPage, ProfilePage, SectionPage } from './routes/ProfilePathGate';
import { RouteError } from './routes/RouteError';
import { InvitedRoute } from './routes/InvitedRoute';
import { MessagesRoute } from './routes/MessagesRoute';
import { SearchMeRoute, SearchRoute } from './routes/SearchRoute';
import { SettingsRoute } from './routes/SettingsRoute';
import { SignupRoute } from './routes/SignupRoute';
import { VerifyEmailRoute } from './routes/VerifyEmailRoute';

/**
 * Static paths rank above the dynamic profile paths, and those render only
 * when isProfilePath() says the first segment is not reserved.
 */
export const routes = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'homefeed', element: <HomeRoute /> },
          { path: 'login', element: <LoginRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: 'pin/:id', element: <PinRoute /> },
          { path: 'pin/:id/edit', element: <PinEditRoute /> },
          { path: 'pin/create/:method', element: <PinCreateUploadedRoute /> },
          { path: 'pin-builder', element: <PinBuilderRoute /> },
          { path: 'ideas/:slug', element: <IdeasRoute /> },
          { path: 'board/create', element: <BoardCreateRoute /> },
          { path: 'board/create/cluster/:clusterId', element: <BoardCreateRoute /> },
          { path: 'board/:boardId/create_section', element: <BoardCreateSectionRoute /> },
          { path: 'pin-creation-tool', element: <PinCreationToolRoute /> },
          { path: 'collage-creation-tool', element: <CollageCreationToolRoute /> },
          { path: 'search', element: <SearchRoute /> },
          { path: 'search/me', element: <SearchMeRoute /> },
          { path: 'messages', element: <MessagesRoute /> },
          { path: 'conversation/:id', element: <MessagesRoute /> },
          { path: 'settings', element: <SettingsRoute /> },
          { path: 'settings/:page', element: <SettingsRoute /> },
          { path: 'invited', element: <InvitedRoute /> },
          { path: 'verify-email', element: <VerifyEmailRoute /> },
          { path: ':username', element: <ProfilePage /> },
          { path: ':username/:slug', element: <BoardPage /> },
          { path: ':username/:slug/:section', element: <SectionPage /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
