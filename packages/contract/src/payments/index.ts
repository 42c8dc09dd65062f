export * from './payment';
export * from './day-close';
export * from './online';
export * from './online-books';
