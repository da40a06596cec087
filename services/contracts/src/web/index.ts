export * from './screens';
export * from './home-screen';
export * from './prerender';
