import type Koa from 'koa';
import { PROFILE_MESSAGES as M, type CompanyStatement } from '@cc/contracts';
import {
  CLIENT_GONE_STATUS,
  dbOpen,
  HttpError,
  notFound,
  type Db,
  type Logger,
  type ModelCalls,
  type ServiceRouter,
} from '@cc/service-kit';
import { webSearchFrom } from '../research-routes';
import type { SearchIndex } from '../search-vectors';
import type { PeopleSettings } from '../settings';
import { gatherEvidence } from './evidence';
import { generationOf, ProfileJobs, resultOf } from './jobs';
import * as store from './store';
import { companyResearch, deepProvider, defaultPrompt, linked } from './write';

const WAIT_POLL_MS = 1_000;

/**
 * The About me profile (docs/about-me.md): details, generation (quick answers directly; deep runs as a
 * job the call waits for, and the status call reports), company statements, the narrative, and
 * the statement edits by index. Statement sources link to the user's own notes.
 */
export function profileRoutes(
  router: ServiceRouter,
  {
    db,
    settings,
    ai,
    calls,
    log,
    env,
    index,
  }: {
    db: Db;
    settings: PeopleSettings;
    ai: ModelCalls;
    calls: ModelCalls;
    log: Logger;
    env: Record<string, string | undefined>;
    /** Search by meaning: told when the statements change (a deep run's are found by the queue's next interval). */
    index: SearchIndex;
  },
): ProfileJobs {
  const search = webSearchFrom(settings);
  const jobs = new ProfileJobs(db, log, deepProvider(env, settings), search, settings.DEEP_RESEARCH_CONCURRENCY);
  // The kit migrates after the routes are registered: look for waiting work once it has (a
  // status call also starts the worker when the user has a run under way).
  // It stops once the service's database is closed (a stop, a test's teardown).
  const resume = (tries: number) =>
    setTimeout(() => {
      if (!dbOpen(db)) return;
      jobs.resume().catch(() => (tries > 0 && dbOpen(db) ? resume(tries - 1) : undefined));
    }, 1_000).unref();
  resume(120);

  router.get('/profile', {}, async (_ctx, { user }) => ({ success: true, ...(await store.getProfile(db, user.id)) }));

  router.patch('/profile', {}, async (_ctx, { user, body }) => ({
    success: true,
    errors: [],
    details: await store.saveDetails(db, user.id, body.details),
  }));

  router.get('/profile/generation_prompt', {}, async (ctx: Koa.Context, { user }) => {
    const { details } = await store.getProfile(db, user.id);
    return { success: true, ...defaultPrompt(details, await gatherEvidence(ctx, settings, 'quick')) };
  });

  router.post('/profile/generate', {}, async (ctx: Koa.Context, { user, body }) => {
    const details =
      body.details && Object.keys(body.details).length
        ? await store.saveDetails(db, user.id, body.details)
        : (await store.getProfile(db, user.id)).details;
    const evidence = await gatherEvidence(ctx, settings, body.research_mode);
    const request = {
      details,
      evidence,
      ...(body.system?.trim() ? { system: body.system } : {}),
      ...(body.user?.trim() ? { user: body.user } : {}),
    };

    if (body.research_mode === 'quick') {
      const written = await ai.run(ctx, user.id, (signal) => ai.provider.profileStatements({ ...request, signal }));
      const statements = linked(written.statements, evidence, details);
      await store.saveGenerated(db, user.id, written.markdown, statements);
      index.changed();
      return { success: true, markdown: written.markdown, statements, research_mode: 'quick' as const };
    }

    // Deep: the job runs whether or not this request stays; the request waits for its end.
    // Counted as one model call for the user's limit, like a quick one.
    const { generation } = await ai.run(ctx, user.id, () => jobs.enqueue(user.id, request));
    // A closed tab ends the wait, never the job (the status call picks it up after a reload).
    let gone = false;
    ctx.res.once('close', () => (gone = !ctx.res.writableEnded));
    for (;;) {
      const row = await jobs.row(user.id, generation.id);
      if (!row) throw notFound(M.generationNotFound);
      if (row.state === 'done') {
        index.changed();
        return { success: true, ...resultOf(row), research_mode: 'deep' as const, generation: generationOf(row) };
      }
      if (row.state === 'failed' || row.state === 'cancelled') {
        throw new HttpError(row.state === 'cancelled' ? 409 : 502, [row.error ?? M.generateFailed]);
      }
      if (gone) throw new HttpError(CLIENT_GONE_STATUS, [M.generateFailed]);
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  });

  router.get('/profile/generation_status', {}, async (_ctx, { user }) => ({
    success: true,
    generation: (await jobs.latest(user.id)) ?? null,
  }));

  router.post('/profile/cancel_generation', {}, async (_ctx, { user }) => {
    const cancelled = await jobs.cancel(user.id);
    return { success: true, cancelled: Boolean(cancelled), generation: cancelled ?? (await jobs.latest(user.id)) ?? null };
  });

  router.post('/profile/generate_company_statements', {}, async (ctx: Koa.Context, { user }) => {
    const { details } = await store.getProfile(db, user.id);
    let list: CompanyStatement[];
    if (search && details.company.trim()) {
      list = await calls.run(ctx, user.id, (signal) => companyResearch(search, details, signal));
    } else {
      list = await ai.run(ctx, user.id, (signal) => ai.provider.companyStatements({ details, signal }));
    }
    return { success: true, company_statements: await store.saveCompanyStatements(db, user.id, list) };
  });

  router.post('/profile/generate_narrative', {}, async (ctx: Koa.Context, { user }) => {
    const profile = await store.getProfile(db, user.id);
    const companyStatements = Object.values(profile.company_statements).flat();
    const statements = profile.statements.filter((s) => s.status !== 'rejected');
    const written = await ai.run(ctx, user.id, (signal) =>
      ai.provider.narrative({ details: profile.details, statements, companyStatements, signal }),
    );
    return { success: true, narrative: await store.saveNarrative(db, user.id, written) };
  });

  router.post('/profile/delete_statement', {}, async (_ctx, { user, body }) => {
    const statements = await store.deleteStatement(db, user.id, body.index);
    if (statements === 'not_found') throw notFound(M.statementNotFound);
    index.changed();
    return { success: true, statements };
  });

  router.post('/profile/verify_statement', {}, async (_ctx, { user, body }) => {
    const statements = await store.verifyStatement(db, user.id, body.index, body.status);
    if (statements === 'not_found') throw notFound(M.statementNotFound);
    index.changed();
    return { success: true, statements };
  });

  router.post('/profile/delete_company_statement', {}, async (_ctx, { user, body }) => {
    const company_statements = await store.deleteCompanyStatement(db, user.id, body.company, body.index);
    if (company_statements === 'not_found') throw notFound(M.companyStatementNotFound);
    return { success: true, company_statements };
  });

  return jobs;
}
