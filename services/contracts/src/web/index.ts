export * from './screens';
export * from './community';
export * from './home-screen';
export * from './prerender';
export * from './boot';
