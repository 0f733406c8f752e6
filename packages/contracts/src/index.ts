export * from './app-config.ts';
export * from './error.ts';
export * from './headers.ts';
