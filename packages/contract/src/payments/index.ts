export * from './payment';
export * from './day-close';
