import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@cc/ui/router';
import AboutMePanel from '../pages/AboutMePanel';
import type { ProfileAnswer } from '../api/profile';

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

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

export function renderPanel(at = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={<AboutMePanel />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}
