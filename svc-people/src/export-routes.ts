import { sendExportPart, type Db, type ServiceRouter } from '@cc/service-kit';
import { peopleExportPart } from './export';

/** GET /people/export: people, meetings and About me as NDJSON, svc-people's part of an export (docs/export.md). */
export function exportRoutes(router: ServiceRouter, db: Db): void {
  router.get('/people/export', {}, (ctx, { user }) => {
    sendExportPart(ctx, peopleExportPart(db, user.id));
    return undefined;
  });
}
