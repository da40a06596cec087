export * from './envelope';
export * from './identity';
export * from './blocks';
export * from './account';
