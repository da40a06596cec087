export * from './constants';
export * from './schemas';
export * from './routes';
export * from './messages';
