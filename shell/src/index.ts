// Async boundary: shared modules (react, react-dom, ...) are negotiated by the federation
// runtime before any code that imports them runs.
import('./bootstrap');
