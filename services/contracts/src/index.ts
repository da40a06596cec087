// @saathi/contracts — shared by every service and the web app, so no Node-only imports here.
export * from './constants';
export * from './events';
export * from './jobs';
export * from './identity';
export * from './http';
export * from './feed';
export * from './messaging';
export * from './messaging/report-rejected';
export * from './notification';
export * from './web';
export * from './blog';
export * from './moderation';
export * from './export/routes';
