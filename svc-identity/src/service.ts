import { defineService, type Db, type SessionCheck } from '@cc/service-kit';
import { migrations } from './migrations';
import { identityRoutes } from './routes';
import { identitySettings } from './settings';
import { activeSessionUser } from './accounts';

/** Sign-out revokes a session here; this is the check every request to identity makes. */
export const identitySessionCheck =
  (db: Db): SessionCheck =>
  async (sid) =>
    (await activeSessionUser(db, sid)) ?? false;

export const identityService = defineService({
  name: 'identity',
  migrations,
  settings: identitySettings,
  routes: identityRoutes,
  sessionCheck: identitySessionCheck,
});
