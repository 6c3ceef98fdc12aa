import { startFirstPageRequest } from './remotes/firstPageRequest';
import { startFirstProbe } from './session/firstProbe';

// Who is signed in, and the page's first request when the address alone names it: asked now,
// while the shell's code below downloads (the provider and the page read the answers).
startFirstProbe();
startFirstPageRequest(window.location.pathname);

// Async boundary: shared modules (react, react-dom, ...) are negotiated by the federation
// runtime before any code that imports them runs.
import('./bootstrap');
