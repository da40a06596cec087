// Test helpers (real databases, unique names); imported only by tests.
export * from './testing/index';
