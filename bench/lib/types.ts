import type { Browser } from 'playwright-core';

/** A signed-in account made for the bench (its session cookie, ready for a Cookie header). */
export interface BenchUser {
  email: string;
  password: string;
  /** `cc_session=<value>` */
  cookie: string;
  cookieName: string;
  cookieValue: string;
  csrfToken: string;
}

export interface BenchContext {
  /** The gateway (nginx), e.g. http://127.0.0.1:8090 */
  baseURL: string;
  /** svc-identity directly, e.g. http://127.0.0.1:3001 */
  identityURL: string;
  /** A new account, signed in through the gateway. */
  newUser(tag?: string): Promise<BenchUser>;
  /** Debian's Chromium, launched once on first use and closed at the end of the run. */
  browser(): Promise<Browser>;
  log(message: string): void;
}

/** One line of the final table. */
export interface Row {
  bench: string;
  metric: string;
  value: string;
  notes?: string;
}

/**
 * A benchmark: add a file under bench/modules/ exporting one of these and list it in
 * bench/modules/index.ts. Modules report figures; they never pass or fail.
 */
export interface BenchModule {
  name: string;
  description: string;
  /** Runs only when named by --only (it changes the stack for every other module). */
  optIn?: boolean;
  run(ctx: BenchContext): Promise<Row[]>;
}
