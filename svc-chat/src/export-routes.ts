import { PassThrough } from 'node:stream';
import type Koa from 'koa';
import { DOMAIN_EXPORT_PATHS, EXPORT_DOMAINS, EXPORT_MESSAGES, exportFileName, NDJSON, ZIP, type ExportDomain } from '@cc/contracts/export';
import { httpError, peerStream, sendExportPart, type Db, type Logger, type ServiceRouter } from '@cc/service-kit';
import { chatExportPart } from './export-part';
import { localPart, openPart, writeWorkspaceExport, type OpenPart } from './export/workspace-export';
import { ZipWriter } from './export/zip-writer';

/**
 * How many zip bytes a character of the parts' text comes to: it is written twice (markdown and
 * workspace.json, with JSON's quoting and every record's other columns) and deflate keeps about a
 * third. Measured by `npm run bench -- --only=export` (0.7 gave a zip 1.44 times the estimate);
 * the download's progress bar divides by it, so it only has to be about right.
 */
export const ZIP_BYTES_PER_CHARACTER = 1.0;

export type ExportUrls = Record<Exclude<ExportDomain, 'chat'>, string | undefined>;

/**
 * GET /ai_chat/export (svc-chat's own part) and GET /export, everything the account holds as one
 * zip (docs/export.md): every domain's part opened at once, as the caller; one that cannot be
 * opened answers 502 before a byte of zip is sent. After that a failure can only cut the
 * download, which the browser then reports as failed.
 */
export function exportRoutes(router: ServiceRouter, db: Db, urls: ExportUrls): void {
  router.get('/ai_chat/export', {}, (ctx, { user }) => {
    sendExportPart(ctx, chatExportPart(db, user.id));
    return undefined;
  });

  router.get('/export', {}, async (ctx, { user }) => {
    const opened = await Promise.all(
      EXPORT_DOMAINS.map((domain) =>
        domain === 'chat' ? localPart(domain, chatExportPart(db, user.id)).catch(() => domain) : openDomain(ctx, domain, urls[domain]),
      ),
    );
    const parts = opened.filter((p): p is OpenPart => !(typeof p === 'string'));
    const missing = opened.filter((p): p is ExportDomain => typeof p === 'string');
    if (missing.length) {
      for (const p of parts) p.cancel();
      throw httpError(502, EXPORT_MESSAGES.partsUnavailable(missing));
    }
    const now = new Date();
    const characters = parts.reduce((sum, p) => sum + p.totals.bytes, 0);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(now.toISOString().slice(0, 10))}"`);
    ctx.set('X-Export-Estimate', String(Math.round(4096 + characters * ZIP_BYTES_PER_CHARACTER)));
    ctx.type = ZIP;
    const out = new PassThrough();
    ctx.body = out;
    const log = ctx.state.log as Logger | undefined;
    void (async () => {
      const zip = new ZipWriter(out);
      try {
        const summary = await writeWorkspaceExport(zip, parts, now);
        await zip.close();
        log?.info({ entries: summary.entries, bytes: zip.bytes }, 'export written');
      } catch (err) {
        for (const p of parts) p.cancel();
        // No content in the log line: only why the download was cut.
        log?.warn({ reason: (err as Error).message.slice(0, 200) }, 'export cut short');
        out.destroy(err as Error);
      }
    })();
    return undefined;
  });
}

/** A domain's part opened (its totals read), or the domain's name when it could not be. */
async function openDomain(ctx: Koa.Context, domain: ExportDomain, url: string | undefined): Promise<OpenPart | ExportDomain> {
  const answer = await peerStream(ctx, url, DOMAIN_EXPORT_PATHS[domain], { accept: NDJSON });
  if (!answer.ok) return domain;
  try {
    return await openPart(domain, answer.body, answer.cancel);
  } catch {
    answer.cancel();
    return domain;
  }
}
