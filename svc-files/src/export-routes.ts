import { sendExportPart, type Db, type ServiceRouter } from '@cc/service-kit';
import { filesExportPart } from './export';

/** GET /files/export: the files and journal part of an export, as NDJSON (docs/export.md). */
export function exportRoutes(router: ServiceRouter, db: Db): void {
  router.get('/files/export', {}, (ctx, { user }) => {
    sendExportPart(ctx, filesExportPart(db, user.id));
    return undefined;
  });
}
