// The reference page of the bench (bench/lib/reference-page.ts): React 19 rendering one element,
// nothing else. Its cold render is the floor the app's pages are measured against.
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(<h1 data-testid="reference-root">Reference page</h1>);
