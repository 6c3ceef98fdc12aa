import { afterEach, beforeEach } from '@jest/globals';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@cc/ui/router';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installContractApi, type ContractRoutes } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import PlanningPage from '../planning/PlanningPage';

/** The planning page at an address, as the shell mounts it: under the router, with a QueryClient of its own. */
export const openPlanning = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/planning/:tab" element={<PlanningPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueries() },
  );

/**
 * For each test of the file: a signed-in account's browser storage and a server faked from the
 * route table (what the page sends, or the test answers, outside the contract fails the test).
 * Answers the fake of the running test.
 */
export function servePlanning(routes: () => ContractRoutes): () => ReturnType<typeof installContractApi> {
  let fake: ReturnType<typeof installContractApi>;
  beforeEach(() => {
    localStorage.clear();
    setStorageAccount('7');
    fake = installContractApi(routes());
  });
  afterEach(() => {
    fake.uninstall();
    forgetStorageAccount();
    fake.assertNoViolations();
  });
  return () => fake;
}
