import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/queryClient';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './shell/RouteError';
import { followThemeInOtherTabs } from './lib/theme';
import { FeatureSlots } from './shell/FeatureSlots';
import { keyThisHistoryEntry } from './shell/ScrollRestoration';
import './styles/global.css';

// A theme chosen in another tab applies here at once (decision 063).
followThemeInOtherTabs();
keyThisHistoryEntry();
const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The service worker receives what is shared to the installed app (decision 101) and shows pushes (decision 087).
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined), { once: true });
}

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <FeatureSlots>
            <AppRoutes />
          </FeatureSlots>
        </RouteErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
