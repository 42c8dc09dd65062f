export * from './insurance';
export * from './iin';
export * from './duty';
export * from './duty-api';
