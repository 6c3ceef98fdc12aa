export * from './routes';
export * from './routing';
export * from './auth';
export * from './chat';
export * from './files';
export * from './requests';
export * from './periods';
export * from './answers';
