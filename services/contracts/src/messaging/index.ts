export * from './constants';
export * from './schemas';
export * from './routes';
export * from './events';
export * from './socket';
export * from './messages';
export * from './requests';
export * from './activity-threads';
