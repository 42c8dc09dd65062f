export * from './insurance';
export * from './declaration';
