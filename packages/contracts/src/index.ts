export * from './routes';
export * from './routing';
export * from './auth';
