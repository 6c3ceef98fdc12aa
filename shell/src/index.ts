import { startFirstPageRequest } from './remotes/firstPageRequest';
import { preloadRemoteEntries } from './remotes/preloadRemoteEntries';
import { startFirstProbe } from './session/firstProbe';

// Who is signed in, the page's first read when the address alone names it, and (once
// someone is) the page's remote entries: asked now, while the shell's code below downloads
// (the session provider, the QueryClient and the federation runtime take the answers).
const session = startFirstProbe();
startFirstPageRequest(window.location.pathname);
preloadRemoteEntries(window.location.pathname, session);

// Async boundary: shared modules (react, react-dom, ...) are negotiated by the federation
// runtime before any code that imports them runs.
import('./bootstrap');
