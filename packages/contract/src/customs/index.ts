export * from './insurance';
export * from './iin';
export * from './duty';
export * from './duty-api';
export * from './customs-hold-view';
export * from './customs-hold';
export * from './declaration';
