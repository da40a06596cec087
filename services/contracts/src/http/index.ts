export * from './route';
export * from './routes-by-service';
