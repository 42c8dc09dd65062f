export * from './audit';
export * from './users';
