export * from './weight-variance';
export * from './weight-checks';
