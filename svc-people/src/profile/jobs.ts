import PgBoss from 'pg-boss';
import type { AiProvider, WebSearch } from '@cc/ai';
import { PROFILE_MESSAGES as M, type Generation, type GenerationPhase, type ProfileStatement } from '@cc/contracts';
import type { Db, Logger } from '@cc/service-kit';
import { T } from '../tables';
import { bossDb } from './boss-db';
import type { Source } from './evidence';
import { saveGenerated } from './store';
import { linked, webResearch, type GenerationRequest } from './write';

/**
 * Deep research as a pg-boss job. The job carries only the generation's id; the generation row
 * holds the request (read from the user's notes when it was asked), the phase, the progress and
 * the result, so the status call answers from it whatever the queue does. A service that stops
 * puts its running generation back to 'queued' and fails the job, and the queue's retry gives
 * it to the next start; a crash leaves it to the queue's expiry. A generation is claimed by one
 * worker at a time (a stale heartbeat is the only way to take over a running one), and a user
 * has at most one queued or running (a unique index).
 */

export const QUEUE = 'profile-deep-research';
export const BOSS_SCHEMA = 'people_jobs';
/** The model call takes 5-15 minutes; the job gets 20 before the queue calls it lost (docs/ai.md#long-jobs). */
export const JOB_EXPIRE_SECONDS = 20 * 60;
/** Restarts a generation may live through (each is a retry). */
export const JOB_RETRY_LIMIT = 3;
const JOB_OPTIONS = { expireInSeconds: JOB_EXPIRE_SECONDS, retryLimit: JOB_RETRY_LIMIT, retryDelay: 0 };
const HEARTBEAT_MS = 1_000;
const SWEEP_MS = 30_000;
const STALE_AFTER_SECONDS = 60;
const PROGRESS: Record<GenerationPhase, number> = { queued: 0, reading: 10, researching: 25, writing: 45, extracting: 90, done: 100 };

/**
 * Progress while the model writes: its answer streams in, and the bar moves with the text
 * written. How long the answer will be is not known: it restates the notes it was given, so the
 * bar nears the next phase as the text grows past the length of those notes, and never reaches
 * it before the model has finished.
 */
export function expectedProfileChars(request: Pick<GenerationRequest, 'evidence'>): number {
  const notes = request.evidence.reduce((n, e) => n + e.text.length, 0);
  return Math.min(12_000, Math.max(800, Math.round(notes * 0.8) + 400));
}
export function writingProgress(charsWritten: number, expectedChars: number): number {
  const span = PROGRESS.extracting - PROGRESS.writing - 1;
  return PROGRESS.writing + Math.floor(span * (1 - Math.exp(-charsWritten / expectedChars)));
}

interface GenerationRow {
  id: number;
  user_id: number;
  research_mode: 'quick' | 'deep';
  state: Generation['state'];
  phase: GenerationPhase;
  progress: number;
  attempts: number;
  error: string | null;
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

const running = new Set<ProfileJobs>();

/** Tests: stop every worker this process started (as a service stop would). */
export async function stopAllProfileJobs(): Promise<void> {
  await Promise.all([...running].map((j) => j.stop()));
}

export class ProfileJobs {
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private stopping = false;
  private sweeper: NodeJS.Timeout | undefined;
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
      const boss = new PgBoss({ db: bossDb(this.db) as PgBoss.Db, schema: BOSS_SCHEMA, schedule: false });
      boss.on('error', (err) => this.log.error({ err }, 'profile job queue'));
      await boss.start();
      await boss.createQueue(QUEUE, {
        name: QUEUE,
        policy: 'standard',
        expireInSeconds: JOB_EXPIRE_SECONDS,
        retryLimit: JOB_RETRY_LIMIT,
        retryDelay: 0,
      });
      // pg-boss 10 runs one job at a time per worker: one worker per run this instance may hold
      // at once, so one user's 15-minute research does not keep another's waiting in the queue.
      for (let i = 0; i < this.concurrency; i++) {
        await boss.work<{ generation: number }>(QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          if (job) await this.run(boss, job.id, job.data.generation);
        });
      }
      this.boss = boss;
      running.add(this);
      // A process that died mid-run leaves its job active until the queue's expiry: sweep for
      // runs whose heartbeat stopped, here and on every instance, and take them up sooner.
      this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
      this.sweeper.unref();
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

  /** After a start: a generation left queued or running by the last process is picked up again. */
  async resume(): Promise<void> {
    const waiting = await this.db(T.profile_generations).whereIn('state', ['queued', 'running']).first('id');
    if (!waiting) return;
    await this.ensureStarted();
    await this.sweep();
  }

  /**
   * A new job for each generation whose worker stopped beating (the claim lets only one run
   * it, however many jobs name it).
   */
  private async sweep(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    const orphans = (await this.db(T.profile_generations)
      .where({ state: 'running' })
      .andWhereRaw(`heartbeat_at < now() - interval '${STALE_AFTER_SECONDS} seconds'`)
      .select('id')) as { id: number }[];
    for (const { id } of orphans) await boss.send(QUEUE, { generation: id }, JOB_OPTIONS);
  }

  private readonly onSignal = () => void this.stop().catch((err) => this.log.error({ err }, 'profile job queue stop'));

  async stop(): Promise<void> {
    if (!this.boss) return;
    this.stopping = true;
    clearInterval(this.sweeper);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.off(signal, this.onSignal);
    for (const controller of this.active.values()) controller.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    running.delete(this);
    this.boss = undefined;
  }

  /** Queues a deep research, or answers the user's one already under way (never a second run). */
  async enqueue(userId: number, request: GenerationRequest): Promise<{ generation: Generation; joined: boolean }> {
    const boss = await this.ensureStarted();
    const inserted = (await this.db.raw(
      `insert into ${T.profile_generations} (user_id, research_mode, request) values (?, 'deep', ?::jsonb)
       on conflict (user_id) where state in ('queued', 'running') do nothing returning *`,
      [userId, JSON.stringify(request)],
    )) as { rows: GenerationRow[] };
    const row = inserted.rows[0];
    if (!row) return { generation: (await this.latest(userId))!, joined: true };
    await boss.send(QUEUE, { generation: row.id }, JOB_OPTIONS);
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

  /** Cancels the user's queued or running generation; the worker sees it at its next heartbeat. */
  async cancel(userId: number): Promise<Generation | undefined> {
    const [row] = (await this.db(T.profile_generations)
      .where({ user_id: userId })
      .whereIn('state', ['queued', 'running'])
      .update({ state: 'cancelled', phase: 'done', error: M.generationCancelled, finished_at: this.db.fn.now() })
      .returning('*')) as GenerationRow[];
    return row && generationOf(row);
  }

  private async phase(id: number, phase: GenerationPhase): Promise<void> {
    await this.db(T.profile_generations)
      .where({ id, state: 'running' })
      .update({ phase, progress: PROGRESS[phase], heartbeat_at: this.db.fn.now() });
  }

  private async run(boss: PgBoss, jobId: string, id: number): Promise<void> {
    // One claim: a queued generation, or a running one whose worker stopped beating.
    const claimed = (await this.db.raw(
      `update ${T.profile_generations} set state = 'running', phase = 'reading', progress = ?, attempts = attempts + 1,
         started_at = coalesce(started_at, now()), heartbeat_at = now()
       where id = ? and (state = 'queued' or (state = 'running' and heartbeat_at < now() - interval '${STALE_AFTER_SECONDS} seconds'))
       returning *`,
      [PROGRESS.reading, id],
    )) as { rows: GenerationRow[] };
    const row = claimed.rows[0];
    if (!row) return;
    const controller = new AbortController();
    this.active.set(id, controller);
    // Characters the model has written so far: each heartbeat reports them as progress.
    let written: number | undefined;
    let expected = 0;
    const beat = setInterval(() => {
      this.db(T.profile_generations)
        .where({ id })
        .update({
          heartbeat_at: this.db.fn.now(),
          // Only while writing: a beat that lands after the next phase began must not move the bar back.
          ...(written !== undefined
            ? { progress: this.db.raw(`case when phase = 'writing' then ? else progress end`, [writingProgress(written, expected)]) }
            : {}),
        })
        .returning('state')
        .then((rows: { state: string }[]) => {
          if (rows[0]?.state !== 'running') controller.abort();
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    beat.unref();
    try {
      const request = typeof row.request === 'string' ? (JSON.parse(row.request) as GenerationRequest) : row.request;
      await this.phase(id, 'researching');
      const found = await webResearch(this.search, request.details, controller.signal);
      const web: Source[] = found ? [{ label: 'web research', url: found.citations[0]?.url, text: found.answer }] : [];
      await this.phase(id, 'writing');
      expected = expectedProfileChars(request);
      written = 0;
      const profile = await this.writer.profileStatements({
        details: request.details,
        system: request.system,
        user: request.user,
        evidence: request.evidence,
        research: found ? `${found.answer}\n\n${found.citations.map((c, i) => `[${i + 1}] ${c.url}`).join('\n')}` : undefined,
        signal: controller.signal,
        onText: (text) => {
          written = text.length;
        },
      });
      written = undefined;
      await this.phase(id, 'extracting');
      const statements = linked(profile.statements, request.evidence, request.details, web);
      // Only a generation still running (not cancelled meanwhile) writes the profile.
      const done = await this.db(T.profile_generations)
        .where({ id, state: 'running' })
        .update({
          state: 'done',
          phase: 'done',
          progress: 100,
          markdown: profile.markdown,
          statements: JSON.stringify(statements),
          finished_at: this.db.fn.now(),
        });
      if (done) await saveGenerated(this.db, row.user_id, profile.markdown, statements);
    } catch (err) {
      if (this.stopping) {
        // The service is stopping: the next start takes it up again (the queue's retry).
        await this.db(T.profile_generations).where({ id, state: 'running' }).update({ state: 'queued', phase: 'queued', progress: 0 });
        await boss.fail(QUEUE, jobId, { reason: 'service stopped' }).catch(() => undefined);
        return;
      }
      const cancelled = (await this.db(T.profile_generations).where({ id }).first('state'))?.state === 'cancelled';
      if (!cancelled) {
        this.log.warn({ err, generation: id }, 'deep research failed');
        const message = (err as Error).name === 'TimeoutError' || /timeout|timed out/i.test(String(err)) ? M.aiTimeout : M.aiUnavailable;
        await this.db(T.profile_generations)
          .where({ id, state: 'running' })
          .update({ state: 'failed', phase: 'done', error: message, finished_at: this.db.fn.now() });
      }
    } finally {
      clearInterval(beat);
      this.active.delete(id);
    }
  }
}
