import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * A QueryClient for one component test: nothing retried (a failure shows at once), nothing kept
 * between tests. The page gets it the way it gets the shell's in the product: from context.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** `render(<Page />, { wrapper: withQueries() })`. */
export function withQueries(client: QueryClient = testQueryClient()) {
  return function QueriesWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
