import { useMemo, useRef, useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, ScrollRestoration, useHref, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { CreateBoardDialog } from '../../features/boards/components/CreateBoardDialog';
import { CreateMenuModal } from '../../features/create/CreateMenuModal';
import { Toasts } from '../Toast/Toasts';
import { CreateBoardContext, type CreateBoardOptions } from './CreateBoardContext';
import { CreateMenuContext, type CreateMenuSurface } from './CreateMenuContext';
import { Header } from './Header';
import styles from './RootLayout.module.css';
import { SideNav } from './SideNav';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Pages where the narrow-screen category chips sit above the content. */
const CHIP_PAGES = /^\/(?:$|homefeed\/?$|search\/?$|ideas\/)/;

export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
  const pageSurface = useRef<CreateMenuSurface | null>(null);
  const [createMenuOpen, setCreateMenuOpen] = useState(false);
  const [createMenuSurface, setCreateMenuSurface] = useState<CreateMenuSurface>({ viewType: 'home' });
  const createMenu = useMemo(
    () => ({
      openCreateMenu: (surface?: CreateMenuSurface) => {
        setCreateMenuSurface(surface ?? pageSurface.current ?? { viewType: 'home' });
        setCreateMenuOpen(true);
      },
      setPageSurface: (surface: CreateMenuSurface | null) => {
        pageSurface.current = surface;
      },
    }),
    [],
  );

  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <CreateMenuContext.Provider value={createMenu}>
        <CreateBoardContext.Provider value={controls}>
          <Header />
          <SideNav showChips={CHIP_PAGES.test(pathname)} />
          <main id="main" className={styles.main} tabIndex={-1}>
            <Outlet />
          </main>
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
          <Toasts />
          <ScrollRestoration />
        </CreateBoardContext.Provider>
      </CreateMenuContext.Provider>
    </AriaRouterProvider>
  );
}
