export * from './insurance';
export * from './customs-hold-view';
export * from './customs-hold';
