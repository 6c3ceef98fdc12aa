/** Settings shared by the e2e config and the tests (the bench has its own, see bench/lib; Chromium's are scripts/chromium.ts, for both). */
export const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 8089);
export const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_e2e';
/**
 * Processes per service in the stack the suite starts (scripts/stack.mjs --replicas): two unless
 * STACK_REPLICAS says otherwise, locally too, so every run (npm test included) proves the
 * journeys hold when consecutive requests land on different processes of one service.
 */
export const STACK_REPLICAS = Number(process.env.STACK_REPLICAS || 2);
/** The slow test model deep research writes with (support/deep-research-model.ts), and how long it takes. */
export const DEEP_MODEL_PORT = Number(process.env.E2E_DEEP_MODEL_PORT ?? 8097);
export const DEEP_MODEL_SECONDS = Number(process.env.E2E_DEEP_MODEL_SECONDS ?? 12);

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

/** The four remotes (each served at /mfe/<name>/remoteEntry.js). */
export const REMOTES = ['dashboard', 'planning', 'coaching', 'people'] as const;
export type RemoteName = (typeof REMOTES)[number];

/** Messages of the product (docs/, @cc/contracts) that the tests look for on screen or in answers. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'Email has already been taken',
} as const;
