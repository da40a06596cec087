export * from './envelope';
export * from './identity';
