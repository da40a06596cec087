export * from './auth';
export * from './profile';
export * from './interests';
export * from './names';
export * from './messages';
export * from './routes';
export * from './blocks';
export * from './account';
