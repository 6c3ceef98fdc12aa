import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { AiProvider, WebSearch } from '@cc/ai';
import { PROFILE_MESSAGES as M, type Generation, type GenerationPhase, type ProfileStatement } from '@cc/contracts';
import { bossDb, modelFailure, modelMessages, retriedOnRace, startedBoss, type Db, type Logger } from '@cc/service-kit';
import { T } from '../tables';
import type { Source } from './evidence';
import { saveGenerated } from './store';
import { PROGRESS, expectedProfileChars, streamedProgress } from './progress';
import { linked, webResearch, type GenerationRequest } from './write';

/**
 * Deep research as a pg-boss job. The job carries only the generation's id; the generation row
 * holds the request (read from the user's notes when it was asked), the phase, the progress and
 * the result, so the status call answers from it whatever the queue does.
 *
 * pg-boss keeps the run going and single: it hands a job to one worker at a time. A service
 * that stops fails its running job (the generation goes back to 'queued'), and the queue's retry
 * gives it at once to another instance or the next start. A process that dies leaves its job
 * active until the job expires; pg-boss's maintenance then retries it. After the last retry the
 * job goes to the dead-letter queue, whose worker marks the generation failed. Each delivery
 * claims the generation anew (attempts + 1) and writes only under that claim, so a run the queue
 * gave up on can never overwrite the one after it. A user has at most one generation queued or
 * running (a unique index).
 */

export const QUEUE = 'profile-deep-research';
/** Where pg-boss puts a job whose retries are spent. */
export const GAVE_UP_QUEUE = 'profile-deep-research-gave-up';
export const BOSS_SCHEMA = 'people_jobs';
/**
 * The model call takes 5-15 minutes (it has 16): the job gets 20 before the queue calls it lost
 * and retries it (docs/ai.md#long-jobs). A process that dies mid-run is noticed then.
 */
export const JOB_EXPIRE_SECONDS = 20 * 60;
/** Stops and losses a generation may live through (each is a retry). */
export const JOB_RETRY_LIMIT = 3;
const QUEUE_OPTIONS = {
  policy: 'standard',
  expireInSeconds: JOB_EXPIRE_SECONDS,
  retryLimit: JOB_RETRY_LIMIT,
  retryDelay: 0,
  deadLetter: GAVE_UP_QUEUE,
} as const;
/** How often pg-boss's maintenance (one instance at a time) looks for expired jobs; its default is 2 minutes. */
const MAINTENANCE_SECONDS = 60;
interface GenerationRow {
  id: number;
  user_id: number;
  research_mode: 'quick' | 'deep';
  state: Generation['state'];
  phase: GenerationPhase;
  progress: number;
  attempts: number;
  error: string | null;
  job_id: string | null;
  request: GenerationRequest | string;
  markdown: string | null;
  statements: ProfileStatement[] | string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

export function generationOf(row: GenerationRow): Generation {
  return {
    id: row.id,
    research_mode: row.research_mode,
    state: row.state,
    phase: row.phase,
    progress: row.progress,
    attempts: row.attempts,
    error: row.error,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export function resultOf(row: GenerationRow): { markdown: string; statements: ProfileStatement[] } {
  const statements = typeof row.statements === 'string' ? (JSON.parse(row.statements) as ProfileStatement[]) : (row.statements ?? []);
  return { markdown: row.markdown ?? '', statements };
}

/** The queue and its dead-letter queue, with their options. */
export async function prepareQueues(boss: PgBoss): Promise<void> {
  // Two replicas may make them at the same moment (retriedOnRace).
  await retriedOnRace(() => boss.createQueue(GAVE_UP_QUEUE, { name: GAVE_UP_QUEUE, policy: 'standard' }));
  await retriedOnRace(() => boss.createQueue(QUEUE, { name: QUEUE, ...QUEUE_OPTIONS }));
  // createQueue keeps a queue that exists: one made before these options gets them here.
  await boss.updateQueue(QUEUE, { name: QUEUE, ...QUEUE_OPTIONS });
}

const running = new Set<ProfileJobs>();

/** Tests: stop every worker this process started (as a service stop would). */
export async function stopAllProfileJobs(): Promise<void> {
  await Promise.all([...running].map((j) => j.stop()));
}

/** A run that may no longer write: its generation was cancelled, or a later delivery claimed it. */
class Superseded extends Error {}

export class ProfileJobs {
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private stopping = false;
  private readonly active = new Map<number, AbortController>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Writes the profile: deepProvider's model, with the long budget. */
    private readonly writer: AiProvider,
    private readonly search: WebSearch | undefined,
    /** Deep researches this instance runs at once (DEEP_RESEARCH_CONCURRENCY). */
    private readonly concurrency = 1,
  ) {}

  /** Starts the queue and the worker once (on the first deep request, or when a generation is waiting). */
  ensureStarted(): Promise<PgBoss> {
    if (this.starting) return this.starting;
    this.starting = (async () => {
      const boss = await startedBoss(() => {
        const made = new PgBoss({
          db: bossDb(this.db) as PgBoss.Db,
          schema: BOSS_SCHEMA,
          schedule: false,
          maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
        });
        made.on('error', (err) => this.log.error({ err }, 'profile job queue'));
        return made;
      });
      await prepareQueues(boss);
      // Jobs that expired while no instance ran are retried now rather than at the first interval.
      await boss.maintain();
      // pg-boss 10 runs one job at a time per worker: one worker per run this instance may hold
      // at once, so one user's 15-minute research does not keep another's waiting in the queue.
      for (let i = 0; i < this.concurrency; i++) {
        await boss.work<{ generation: number }>(QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          if (job) await this.run(boss, job.id, job.data.generation);
        });
      }
      await boss.work<{ generation: number }>(GAVE_UP_QUEUE, { pollingIntervalSeconds: 5, batchSize: 1 }, async ([job]) => {
        if (job) await this.gaveUp(job.data.generation);
      });
      this.boss = boss;
      running.add(this);
      // A stopping process hands its run back to the queue (the next start retries it at once)
      // rather than leaving it to the expiry; the kit's own shutdown closes the server meanwhile.
      for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, this.onSignal);
      return boss;
    })();
    // A start that failed (the database was away) is tried again by the next request.
    this.starting.catch((err: unknown) => {
      this.log.error({ err }, 'profile job queue did not start');
      this.starting = undefined;
    });
    return this.starting;
  }

  /** After a start: a generation left queued or running by the last process brings the worker up for its retry. */
  async resume(): Promise<void> {
    const waiting = await this.db(T.profile_generations).whereIn('state', ['queued', 'running']).first('id');
    if (waiting) await this.ensureStarted();
  }

  private readonly onSignal = () => void this.stop().catch((err) => this.log.error({ err }, 'profile job queue stop'));

  async stop(): Promise<void> {
    if (!this.boss) return;
    this.stopping = true;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.off(signal, this.onSignal);
    // Each run ends at once and fails its job (see run): the queue retries it.
    for (const controller of this.active.values()) controller.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    running.delete(this);
    this.boss = undefined;
  }

  /** Queues a deep research, or answers the user's one already under way (never a second run). */
  async enqueue(userId: number, request: GenerationRequest): Promise<{ generation: Generation; joined: boolean }> {
    const boss = await this.ensureStarted();
    const jobId = randomUUID();
    const inserted = (await this.db.raw(
      `insert into ${T.profile_generations} (user_id, research_mode, request, job_id) values (?, 'deep', ?::jsonb, ?)
       on conflict (user_id) where state in ('queued', 'running') do nothing returning *`,
      [userId, JSON.stringify(request), jobId],
    )) as { rows: GenerationRow[] };
    const row = inserted.rows[0];
    if (!row) return { generation: (await this.latest(userId))!, joined: true };
    try {
      await boss.send(QUEUE, { generation: row.id }, { id: jobId });
    } catch (err) {
      // No job, no run: the generation must not hold the user's one place.
      await this.db(T.profile_generations).where({ id: row.id }).delete();
      throw err;
    }
    return { generation: generationOf(row), joined: false };
  }

  async latestRow(userId: number): Promise<GenerationRow | undefined> {
    return (await this.db(T.profile_generations).where({ user_id: userId }).orderBy('id', 'desc').first()) as GenerationRow | undefined;
  }

  async latest(userId: number): Promise<Generation | undefined> {
    const row = await this.latestRow(userId);
    if (row && (row.state === 'queued' || row.state === 'running')) void this.ensureStarted().catch(() => undefined);
    return row && generationOf(row);
  }

  async row(userId: number, id: number): Promise<GenerationRow | undefined> {
    return (await this.db(T.profile_generations).where({ user_id: userId, id }).first()) as GenerationRow | undefined;
  }

  /**
   * Cancels the user's queued or running generation and its job. A run on this instance stops at
   * once; one on another instance at its next write (its result is never stored).
   */
  async cancel(userId: number): Promise<Generation | undefined> {
    const [row] = (await this.db(T.profile_generations)
      .where({ user_id: userId })
      .whereIn('state', ['queued', 'running'])
      .update({ state: 'cancelled', phase: 'done', error: M.generationCancelled, finished_at: this.db.fn.now() })
      .returning('*')) as GenerationRow[];
    if (!row) return undefined;
    this.active.get(row.id)?.abort();
    if (row.job_id) {
      const boss = await this.ensureStarted().catch(() => undefined);
      await boss?.cancel(QUEUE, row.job_id).catch((err: unknown) => this.log.warn({ err }, 'profile job cancel'));
    }
    return generationOf(row);
  }

  /** The queue gave up on a generation (its retries spent): it failed, and the user may ask again. */
  private async gaveUp(id: number): Promise<void> {
    await this.db(T.profile_generations)
      .where({ id })
      .whereIn('state', ['queued', 'running'])
      .update({ state: 'failed', phase: 'done', error: M.generationInterrupted, finished_at: this.db.fn.now() });
  }

  private async run(boss: PgBoss, jobId: string, id: number): Promise<void> {
    // Each delivery of the job claims the generation: pg-boss delivers it again only once the
    // last delivery failed or expired, so a 'running' one is that delivery's, taken over.
    const claimed = (await this.db.raw(
      `update ${T.profile_generations} set state = 'running', phase = 'reading', progress = ?, attempts = attempts + 1,
         started_at = coalesce(started_at, now())
       where id = ? and state in ('queued', 'running')
       returning *`,
      [PROGRESS.reading, id],
    )) as { rows: GenerationRow[] };
    const row = claimed.rows[0];
    if (!row) return;
    const mine = { id, state: 'running', attempts: row.attempts };
    const controller = new AbortController();
    this.active.set(id, controller);
    // Every write is under this claim: none means the run was cancelled or taken over.
    const write = async (changes: Record<string, unknown>) => {
      if (!(await this.db(T.profile_generations).where(mine).update(changes))) {
        controller.abort();
        throw new Superseded();
      }
    };
    const phase = (next: GenerationPhase) => write({ phase: next, progress: PROGRESS[next] });
    try {
      const request = typeof row.request === 'string' ? (JSON.parse(row.request) as GenerationRequest) : row.request;
      await phase('researching');
      const found = await webResearch(this.search, request.details, controller.signal);
      const web: Source[] = found ? [{ label: 'web research', url: found.citations[0]?.url, text: found.answer }] : [];
      await phase('writing');
      const progress = streamedProgress(expectedProfileChars(request), (value) =>
        write({ progress: this.db.raw(`case when phase = 'writing' then greatest(progress, ?) else progress end`, [value]) }),
      );
      const profile = await this.writer.profileStatements({
        details: request.details,
        system: request.system,
        user: request.user,
        evidence: request.evidence,
        research: found ? `${found.answer}\n\n${found.citations.map((c, i) => `[${i + 1}] ${c.url}`).join('\n')}` : undefined,
        signal: controller.signal,
        onText: progress.onText,
      });
      await progress.settled();
      await phase('extracting');
      const statements = linked(profile.statements, request.evidence, request.details, web);
      await write({
        state: 'done',
        phase: 'done',
        progress: 100,
        markdown: profile.markdown,
        statements: JSON.stringify(statements),
        finished_at: this.db.fn.now(),
      });
      await saveGenerated(this.db, row.user_id, profile.markdown, statements);
    } catch (err) {
      if (this.stopping) {
        // The service is stopping: the failed job is the queue's retry, at the next start or
        // elsewhere. Failed here, before the stop closes the database, not after the handler.
        await this.db(T.profile_generations).where(mine).update({ state: 'queued', phase: 'queued', progress: 0 });
        await boss.fail(QUEUE, jobId, { reason: 'service stopped' }).catch(() => undefined);
        return;
      }
      const current = (await this.db(T.profile_generations).where({ id }).first('state', 'attempts')) as
        { state: string; attempts: number } | undefined;
      if (err instanceof Superseded || current?.state !== 'running' || current.attempts !== row.attempts) return;
      this.log.warn({ err, generation: id }, 'deep research failed');
      // The kit's mapping, by the error's class, in the profile's words (as a quick generation's 502).
      const { message } = modelFailure(err, modelMessages(M));
      await this.db(T.profile_generations)
        .where(mine)
        .update({ state: 'failed', phase: 'done', error: message, finished_at: this.db.fn.now() });
    } finally {
      this.active.delete(id);
    }
  }
}
