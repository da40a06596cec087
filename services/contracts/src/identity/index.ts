export * from './auth';
export * from './profile';
