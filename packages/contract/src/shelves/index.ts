export * from './location-code';
export * from './locations';
export * from './place';
export * from './stock-take';
