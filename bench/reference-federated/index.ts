// The federated reference page's host (bench/reference-federated/webpack.config.js).
import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export type ElementModule = { default: ComponentType };

// Asked for now, while the code behind the async boundary downloads, as the shell asks for its page.
(window as unknown as { __benchElement: Promise<ElementModule | null> }).__benchElement = loadRemote<ElementModule>('bench_remote/Element');

// Async boundary: react and react-dom are negotiated by the federation runtime first.
import('./bootstrap');
