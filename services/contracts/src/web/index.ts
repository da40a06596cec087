export * from './screens';
export * from './prerender';
