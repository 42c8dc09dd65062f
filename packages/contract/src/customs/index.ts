export * from './insurance';
export * from './duty';
export * from './duty-api';
