export * from './auth';
export * from './errors';
export * from './health';
export * from './impressum';
export * from './roles';
export * from './username';
