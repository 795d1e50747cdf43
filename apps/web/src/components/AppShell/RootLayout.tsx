import { useMemo, useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, ScrollRestoration, useHref, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { CreateBoardDialog } from '../../features/boards/components/CreateBoardDialog';
import { Toasts } from '../Toast/Toasts';
import { CreateBoardContext, type CreateBoardOptions } from './CreateBoardContext';
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

  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
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
          onCreated={(board) => {
            setCreateBoardOpen(false);
            createBoardOptions.onCreated?.(board);
          }}
        />
        <Toasts />
        <ScrollRestoration />
      </CreateBoardContext.Provider>
    </AriaRouterProvider>
  );
}
