import { useEffect, useState } from 'react';
import { loadedRemoteModule, loadRemoteModule, type RemoteComponentModule } from './loadRemoteModule';

// @cc/ui/remote-module: a subpath apart from @cc/ui/federation because it imports React, a shared
// module: the shell's entry chunk imports @cc/ui/federation before its async boundary, where a
// shared module cannot be loaded yet (the federation runtime's RUNTIME-006).

/** What `useRemoteModule` gives once a load has settled: the module, or why it failed. */
export type RemoteModuleState = { attempt: number } & ({ module: RemoteComponentModule } | { error: unknown });

/**
 * The module `id` for this attempt: at once when it has already loaded (preloaded while the code
 * arrived, or seen before), else null until it arrives or fails. Not through Suspense: React holds
 * content that resolves after a Suspense fallback has shown for 300 ms (its fallback throttle),
 * which the bench saw on every cold visit (a page ready at 450 ms shown at 710 ms); a state update
 * shows it as soon as its code is there. A load that settles with the module already shown keeps
 * the state as it is: a new object would render the whole page again, in the middle of a cold
 * visit's busiest moment, for nothing.
 */
export function useRemoteModule(id: string, attempt: number): RemoteModuleState | null {
  const [state, setState] = useState<(RemoteModuleState & { id: string }) | null>(() => {
    const module = loadedRemoteModule(id);
    return module ? { id, attempt, module } : null;
  });
  useEffect(() => {
    let live = true;
    loadRemoteModule(id, attempt).then(
      (module) => {
        if (!live) return;
        setState((current) =>
          current?.id === id && current.attempt === attempt && 'module' in current && current.module === module
            ? current
            : { id, attempt, module },
        );
      },
      (error: unknown) => {
        if (live) setState({ id, attempt, error });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  return state?.id === id && state.attempt === attempt ? state : null;
}
