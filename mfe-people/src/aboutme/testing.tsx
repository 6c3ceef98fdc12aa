import { render } from '@testing-library/react';
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { MemoryRouter, Route, Routes } from '@cc/ui/router';
import AboutMePanel from './AboutMePanel';
import type { ProfileAnswer } from './api/profile';
import { Where } from '../testing/Where';

// TanStack Query tells components of a new answer in a `setTimeout(0)`: under fake timers that
// is one more tick, so a status answered at 3 s would show only at the next advance. In a
// microtask instead, an answer shows within the advance that brought it, as the user sees it.
notifyManager.setScheduler(queueMicrotask);

export const EMPTY_PROFILE: ProfileAnswer = {
  success: true,
  details: { full_name: '', company: '', company_description: '', role: '', extra: '' },
  ai_profile_narrative: '',
  ai_profile_markdown: '',
  statements: [],
  company_statements: {},
};

export function profileWith(patch: Partial<ProfileAnswer>): ProfileAnswer {
  return { ...EMPTY_PROFILE, ...patch };
}

/** A promise the test settles when it chooses (a slow server). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The panel at an address, with its own QueryClient (pass one to look into its cache). */
export function renderPanel(at = '/dashboard', client: QueryClient = testQueryClient()) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={<AboutMePanel />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { wrapper: withQueries(client) },
  );
}
