export { createApp, defineService, type ServiceApp, type ServiceConfig, type ServiceContext, type ServiceDefinition } from './app';
export { ServiceRouter, zodMessages, type RouteSpec, type RouteInput } from './router';
export { HttpError, httpError, errorMiddleware } from './errors';
export { createLogger, type Logger } from './logger';
export { createDb, migrate, tableNames, toInt, type Db, type Migration } from './db';
export { signSession, verifySession, csrfTokenFor, csrfTokenMatches, newSessionId, SESSION_MAX_AGE_SECONDS, type SessionClaims } from './session';
export { remoteSessionCheck, type SessionCheck, type SessionRecord } from './session-check';
export { sessionMiddleware, type RequestUser } from './auth';
export { runService, requireEnv, onShutdown } from './run';
