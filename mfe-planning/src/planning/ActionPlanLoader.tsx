import { useEffect, useState, type ComponentProps } from 'react';
import type ActionPlanTab from '../action-plan/ActionPlanTab';

type ActionPlanModule = typeof import('../action-plan/ActionPlanTab');
type Loaded = { module: ActionPlanModule } | { error: unknown };

/** `/planning/action_plan`: the tab's own address. */
const ACTION_PLAN = /^\/planning\/action_plan\/?$/i;

/** True when the address is the action plan's (where the shell loads the tab's code with the page's). */
export const opensActionPlan = (pathname = typeof window === 'undefined' ? '' : (window.location?.pathname ?? '')) =>
  ACTION_PLAN.test(pathname);

let loading: Promise<ActionPlanModule> | null = null;
let loaded: ActionPlanModule | undefined;

/**
 * The action plan's code (the timeline and its autosave): asked for once, again after a failure.
 * The remote also exposes it (`planning/ActionPlanTab`, the same chunk), which the shell loads
 * with the page on a visit of /planning/action_plan: this import then finds it on its way or arrived.
 */
export function loadActionPlan(): Promise<ActionPlanModule> {
  loading ??= import(/* webpackChunkName: "planning-action-plan" */ '../action-plan/ActionPlanTab').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The action-plan tab once its code is there. Not React.lazy under Suspense: React holds content
 * that resolves after a Suspense fallback has shown for 300 ms (its fallback throttle), which every
 * cold visit of /planning/action_plan met; code that arrived before the first render (the shell
 * loads it with the page for that address, and the page takes it as it loads) shows at once, and
 * later code with a state update.
 * A failed load throws to the section's boundary, whose Retry loads it again.
 */
export function ActionPlanLoader(props: ComponentProps<typeof ActionPlanTab>) {
  const [state, setState] = useState<Loaded | null>(() => (loaded ? { module: loaded } : null));
  const waiting = state === null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    loadActionPlan().then(
      (module) => live && setState({ module }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  if (!state) return <p className="planning-status">Loading the action plan…</p>;
  if ('error' in state) throw state.error;
  const { default: Tab } = state.module;
  return <Tab {...props} />;
}
