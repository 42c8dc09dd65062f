export * from './payment';
export * from './day-close';
export * from './online';
export * from './callbacks';
export * from './online-books';
