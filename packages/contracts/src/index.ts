export * from './app-config.ts';
export * from './error.ts';
export * from './headers.ts';
export * from './health.ts';
export * from './request-headers.ts';
