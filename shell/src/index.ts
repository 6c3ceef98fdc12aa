import { startFirstPageRequests } from './remotes/firstPageRequest';
import { preloadRemotePages } from './remotes/preloadRemotePages';
import { startFirstProbe } from './session/firstProbe';

// Who is signed in, the page's first reads when the address alone names them (both sent already
// by index.html's inline script, taken here: earlyRequests.ts), and the page's remote modules (the
// others it shows once someone is signed in): asked now, while the shell's code below downloads (the session provider, the QueryClient and RemotePage take the answers).
const session = startFirstProbe();
startFirstPageRequests(window.location.pathname);
preloadRemotePages(window.location.pathname, session);

// Async boundary: shared modules (react, react-dom, ...) are negotiated by the federation
// runtime before any code that imports them runs.
import('./bootstrap');
