import { z } from 'zod';

/**
 * A service's settings: a zod object over its environment variables, parsed once at start.
 * A bad value stops the start with a message naming the variable, rather than a quiet default.
 */
export type SettingsSchema = z.ZodObject<Record<string, z.ZodType>>;

/** An empty environment variable counts as unset. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A whole number within bounds, `fallback` when unset. */
export const intSetting = (fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int()
      .min(min)
      .max(max)
      .default(fallback),
  );

/** A limit per minute: a number, or 0 / `off` for none. */
export const limitSetting = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*(off|none|false)\s*$/i.test(v) ? 0 : blank(v)),
    z.coerce.number({ error: 'must be a whole number (0 or "off" turns it off)' }).int().min(0).default(fallback),
  );

/** `on`/`off` (also true/false, 1/0, yes/no). */
export const flagSetting = (fallback: boolean) =>
  z.preprocess(
    (v) => {
      const s = typeof blank(v) === 'string' ? (v as string).trim().toLowerCase() : v;
      if (s === undefined) return undefined;
      if (['on', 'true', '1', 'yes'].includes(s as string)) return true;
      if (['off', 'false', '0', 'no'].includes(s as string)) return false;
      return s;
    },
    z.boolean({ error: 'must be on or off' }).default(fallback),
  );

/** An http(s) URL, or nothing. */
export const urlSetting = () => z.preprocess(blank, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

/** The settings every service understands (the kit's own pieces read them). */
export const kitSettings = z.object({
  /** Model calls per user per minute, shared by every instance; 0 or `off`: no limit. */
  AI_RATE_LIMIT_PER_MINUTE: limitSetting(30),
  /** After SIGTERM: how long requests on open connections are still answered (shutdown.ts). */
  SHUTDOWN_DRAIN_MS: intSetting(1000, { max: 60_000 }),
  /** After SIGTERM: when requests still running (a long SSE stream) are cut. */
  SHUTDOWN_GRACE_MS: intSetting(10_000, { max: 600_000 }),
});
export type KitSettings = z.output<typeof kitSettings>;

export class SettingsError extends Error {}

export function parseSettings<S extends SettingsSchema>(schema: S, env: Record<string, string | undefined>, service: string): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
  throw new SettingsError(`svc-${service}: invalid settings: ${problems.join('; ')}. See .env.example.`);
}
