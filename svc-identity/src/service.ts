import { defineService, type Db, type SessionCheck } from '@cc/service-kit';
import { migrations } from './migrations';
import { identityRoutes } from './routes';
import { isSessionActive } from './accounts';

/** Sign-out revokes a session here; this is the check every request to identity makes. */
export const identitySessionCheck = (db: Db): SessionCheck => (sid) => isSessionActive(db, sid);

export const identityService = defineService({
  name: 'identity',
  migrations,
  routes: identityRoutes,
  sessionCheck: identitySessionCheck,
});
