import { afterEach, beforeEach } from '@jest/globals';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { PAGE_ROUTES, toRouterPath } from '@cc/contracts/pages';
import { MemoryRouter, Route, Routes } from '@cc/ui/router';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installContractApi, type ContractRoutes } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import PlanningPage from '../planning/PlanningPage';

/** The planning page's routes in the route table (`/planning`, `/planning/action_plan`, `/planning/{tab}`), as the shell mounts them. */
const PLANNING_PATHS = PAGE_ROUTES.filter((page) => page.remote === 'planning').map((page) => toRouterPath(page.path));

/** The planning page at an address, as the shell mounts it: under the router, with a QueryClient of its own (or the test's). */
export const openPlanning = (address: string, client?: QueryClient) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        {PLANNING_PATHS.map((path) => (
          <Route key={path} path={path} element={<PlanningPage />} />
        ))}
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueries(client) },
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
