import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@cc/client/query';
import { BrowserRouter } from '@cc/ui/router';
import { App } from './App';
import { FirstPageQuery } from './remotes/FirstPageQuery';
import { SessionProvider } from './session/SessionProvider';
import './styles.css';

// The one QueryClient of the page: every remote reads and writes server state through it
// (TanStack Query is a shared singleton, so the remotes find this provider in context).
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionProvider>
          {/* The early requests index.ts sent for this address, handed to the cache once the session is known. */}
          <FirstPageQuery />
          <App />
        </SessionProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
