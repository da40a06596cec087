export * from './schemas';
export * from './routes';
export * from './events';
export * from './messages';
export * from './page-views';
export * from './page-routes';
export * from './push';
export * from './notification-text';
