export * from './constants';
export * from './schemas';
export * from './routes';
export * from './events';
export * from './messages';
export * from './review-routes';
