// @saathi/platform — the Node kit every service and the gateway build on.
export * from './ports';
export * from './config';
export * from './logging';
export * from './http';
export * from './auth';
export * from './db';
export * from './events';
export * from './queue';
export * from './rate-limit';
export * from './mail';
export * from './runtime';
export * from './service';
export * from './crypto';
export * from './observability';
