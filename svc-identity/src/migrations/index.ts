import { accounts } from './001_accounts';
import { signInLimits } from './002_sign_in_limits';
import { sessionsRevokedNotify } from './003_sessions_revoked_notify';
import { calendarFeeds } from './004_calendar_feeds';

export const migrations = [accounts, signInLimits, sessionsRevokedNotify, calendarFeeds];
