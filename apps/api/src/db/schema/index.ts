export * from './geo';
export * from './users';
export * from './content';
export * from './orders';
export * from './payments';
export * from './notifications';
export * from './online-payments';
export * from './shelves';
