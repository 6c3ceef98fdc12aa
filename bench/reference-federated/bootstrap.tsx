import { createRoot } from 'react-dom/client';
import type { ElementModule } from './index';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
void (window as unknown as { __benchElement: Promise<ElementModule | null> }).__benchElement.then((module) => {
  if (!module) throw new Error('bench_remote/Element did not load');
  root.render(<module.default />);
});
