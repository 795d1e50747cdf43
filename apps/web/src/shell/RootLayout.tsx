import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CreateBoardDialog, CreateMenuModal } from '../overlays';
import { ToastsWhenShown } from '../components/Toast/ToastsWhenShown';
import { CreateBoardContext, type CreateBoardOptions } from '../features/boards/CreateBoardContext';
import { CreateMenuContext, type CreateMenuSurface } from '../features/boards/CreateMenuContext';
import { useViewer } from '../features/session/session.queries';
import { EntryLayer } from './EntryLayer';
import { Header } from './Header';
import styles from './RootLayout.module.css';
import { RouteErrorBoundary } from './RouteError';
import { ScrollRestoration } from './ScrollRestoration';
import { SideNav } from './SideNav';
import { TabBar } from './TabBar';

const HOME_SURFACE: CreateMenuSurface = { viewType: 'home' };

/** Pages where the narrow-screen category chips sit above the content. */
const CHIP_PAGES = /^\/(?:$|homefeed\/?$|search\/?$|ideas\/)/;
/** Routes of the side-navigation helper (the idea rail), docs/product/logged-out-and-business.md §6. */
const SIDE_NAV_ROUTES = /^\/(?:$|homefeed\/?$|search\/?$|ideas\/|pin\/\d+\/?$)/;

export function RootLayout() {
  const { pathname } = useLocation();
  const { data: viewer } = useViewer();
  // The side-navigation helper: signed-in people who are not partners, left-to-right layouts, its routes only (docs/product/logged-out-and-business.md §6).
  const sideNav = !!viewer?.isAuth && !viewer.isPartner && document.dir !== 'rtl' && SIDE_NAV_ROUTES.test(pathname);
  const [createBoardOpen, setCreateBoardOpen] = useState(false);
  const [createBoardOptions, setCreateBoardOptions] = useState<CreateBoardOptions>({});
  const controls = useMemo(
    () => ({
      openCreateBoard: (options: CreateBoardOptions = {}) => {
        setCreateBoardOptions(options);
        setCreateBoardOpen(true);
      },
    }),
    [],
  );
  // The page's own surface is state, not read once when Create is pressed: a page whose code is
  // still loading says it is a board a moment later, and the open menu follows.
  const [pageSurface, setPageSurface] = useState<CreateMenuSurface | null>(null);
  const [createMenuOpen, setCreateMenuOpen] = useState(false);
  const [openedFor, setOpenedFor] = useState<CreateMenuSurface | null>(null);
  const createMenu = useMemo(
    () => ({
      openCreateMenu: (surface?: CreateMenuSurface) => {
        setOpenedFor(surface ?? null);
        setCreateMenuOpen(true);
      },
      setPageSurface,
    }),
    [],
  );
  const createMenuSurface = openedFor ?? pageSurface ?? HOME_SURFACE;

  return (
    <CreateMenuContext.Provider value={createMenu}>
      <CreateBoardContext.Provider value={controls}>
        <Header />
        <SideNav rail={sideNav} showChips={CHIP_PAGES.test(pathname)} />
        <main id="main" className={sideNav ? `${styles.main} ${styles.withRail}` : styles.main} tabIndex={-1}>
          {/* Parts of a page that are their own chunk (a board, say) suspend here. A navigation is a
              transition, so the page being left stays shown meanwhile; only a first visit sees this empty. */}
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        {viewer?.isAuth && <TabBar viewer={viewer} />}
        <CreateBoardDialog
          isOpen={createBoardOpen}
          onOpenChange={setCreateBoardOpen}
          navigateOnCreate={!createBoardOptions.stayOnPage}
          source={createBoardOptions.source}
          onCreated={(board) => {
            setCreateBoardOpen(false);
            createBoardOptions.onCreated?.(board);
          }}
        />
        <CreateMenuModal
          isOpen={createMenuOpen}
          onOpenChange={setCreateMenuOpen}
          surface={createMenuSurface}
          onCreateBoard={() => controls.openCreateBoard()}
        />
        <EntryLayer signedOut={viewer?.isAuth === false} />
        <ToastsWhenShown />
        <ScrollRestoration />
      </CreateBoardContext.Provider>
    </CreateMenuContext.Provider>
  );
}
