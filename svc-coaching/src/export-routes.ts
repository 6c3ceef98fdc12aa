import { sendExportPart, type Db, type ServiceRouter } from '@cc/service-kit';
import { coachingExportPart } from './export';

/** GET /coaching/export: planning's and coaching's part of an export, as NDJSON (docs/export.md). */
export function exportRoutes(router: ServiceRouter, db: Db): void {
  router.get('/coaching/export', {}, (ctx, { user }) => {
    sendExportPart(ctx, coachingExportPart(db, user.id));
    return undefined;
  });
}
