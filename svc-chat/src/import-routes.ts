import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import { CSRF_HEADER } from '@cc/contracts';
import {
  DOMAIN_IMPORT_PATHS,
  domainImportAnswer,
  domainImportDoneAnswer,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES as M,
  type ImportSummary,
} from '@cc/contracts/import';
import type { ExportDomain } from '@cc/contracts/export';
import {
  commitImport,
  httpError,
  HttpError,
  importBatch,
  notFound,
  peerClient,
  undoImport,
  type Db,
  type BackgroundTask,
  type DomainImport,
  type Logger,
  type ServiceRouter,
} from '@cc/service-kit';
import { runImport, type DomainImporter } from './import/import-job';
import { createImport, failStaleImports, readImport, runningImport } from './import/import-store';
import { checkImport, type CheckedImport } from './import/read-import';
import { ImportRefused, looksLikeZip } from './import/zip-entries';
import type { ExportUrls } from './export-routes';

/** A batch may take a while on a large account; a commit or an undo too. */
const BATCH_TIMEOUT_MS = 120_000;

/**
 * A domain's import routes over HTTP, as the user who uploaded: their cookie and CSRF token are
 * kept from the upload's request, since the job outlives it.
 */
function httpImporter(domain: Exclude<ExportDomain, 'chat'>, url: string | undefined, caller: Koa.Context): DomainImporter {
  const peer = peerClient(caller, url);
  const path = DOMAIN_IMPORT_PATHS[domain];
  return {
    async batch(body) {
      const answer = await peer.post(path, body, domainImportAnswer, { timeoutMs: BATCH_TIMEOUT_MS });
      if (answer.ok) return { ok: true, answer: answer.body };
      return { ok: false, errors: answer.errors?.length && answer.status && answer.status < 500 ? answer.errors : [M.partFailed] };
    },
    async commit(id) {
      return (await peer.post(`${path}/${id}/commit`, {}, domainImportDoneAnswer, { timeoutMs: BATCH_TIMEOUT_MS })).ok;
    },
    async undo(id) {
      return (await peer.delete(`${path}/${id}`, domainImportDoneAnswer, { timeoutMs: BATCH_TIMEOUT_MS })).ok;
    },
  };
}

/** svc-chat's own part, in-process: the same functions its `/ai_chat/import` routes run. */
export function localImporter(imp: DomainImport, userId: number): DomainImporter {
  return {
    async batch(body) {
      try {
        return { ok: true, answer: await importBatch(imp, 'chat', userId, body) };
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) return { ok: false, errors: err.errors };
        throw err;
      }
    },
    commit: (id) => commitImport(imp, userId, id).then(() => true),
    undo: (id) => undoImport(imp, userId, id).then(() => true),
  };
}

/** What a peer call needs of the upload's request, kept past its end. */
function callerOf(ctx: Koa.Context): Koa.Context {
  const headers: Record<string, string> = { cookie: ctx.get('cookie'), [CSRF_HEADER.toLowerCase()]: ctx.get(CSRF_HEADER) };
  return { get: (name: string) => headers[name.toLowerCase()] ?? '', state: { requestId: ctx.state.requestId } } as unknown as Koa.Context;
}

function totalOf(checked: CheckedImport): number {
  if (checked.source === 'workspace') return Object.values(checked.records).reduce((a, b) => a + b, 0);
  return checked.plan.folders.length + checked.plan.files.length + checked.plan.days.length;
}

/**
 * POST /import and GET /import/{id} (docs/import.md). The upload is checked whole while the
 * request waits (a bad zip is a 4xx and nothing is written), then written by a job in the
 * background; the answer (202) and GET /import/{id} report its progress and, at the end, its
 * summary or why nothing was kept.
 */
export function importRoutes(
  router: ServiceRouter,
  db: Db,
  urls: ExportUrls,
  chatPart: DomainImport,
  log: Logger,
  background: (task: BackgroundTask) => void,
): void {
  // Imports an instance was running when it stopped cannot finish now: they are failed, and this
  // service's own part taken back (the other domains take theirs back in their daily housekeeping,
  // docs/import.md#all-or-nothing). A background task, so it runs once the migrations did.
  background({
    name: 'interrupted-imports',
    async start() {
      const stale = await failStaleImports(db, M.interrupted);
      for (const { id, user_id } of stale) await undoImport(chatPart, user_id, id);
      if (stale.length) log.warn({ imports: stale.length }, 'interrupted imports failed');
    },
    async stop() {},
  });

  router.post('/import', { upload: { field: 'file', maxBytes: IMPORT_MAX_BYTES, extensions: ['.zip'] } }, async (ctx, { user, file }) => {
    if (await runningImport(db, user.id)) throw httpError(409, M.alreadyRunning);
    // The kit removes its copy after the handler; the job needs the zip after that.
    const dir = await mkdtemp(join(tmpdir(), 'cc-import-'));
    const zipPath = join(dir, 'upload.zip');
    await rename(file!.path, zipPath);
    let checked: CheckedImport;
    try {
      if (!(await looksLikeZip(zipPath))) throw new ImportRefused([M.notAZip]);
      checked = await checkImport(zipPath);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      if (err instanceof ImportRefused) throw httpError(422, ...err.errors);
      throw err;
    }
    const id = randomUUID();
    const skipped: ImportSummary['skipped'] = checked.source === 'markdown' ? checked.plan.skipped : [];
    const status = await createImport(db, user.id, id, checked.source, { created: {}, skipped });
    const caller = callerOf(ctx);
    const importers = {
      files: httpImporter('files', urls.files, caller),
      coaching: httpImporter('coaching', urls.coaching, caller),
      people: httpImporter('people', urls.people, caller),
      chat: localImporter(chatPart, user.id),
    };
    const jobLog = ctx.state.log as Logger | undefined;
    void runImport(db, jobLog, { id, zipPath, checked, importers, skipped }, totalOf(checked)).finally(() =>
      rm(dir, { recursive: true, force: true }),
    );
    ctx.status = 202;
    return { success: true, import: status };
  });

  router.get('/import/{id}', {}, async (ctx, { user, params }) => {
    const status = await readImport(db, user.id, params.id);
    if (!status) throw notFound(M.notFound);
    ctx.set('Cache-Control', 'no-store');
    return { success: true, import: status };
  });
}
