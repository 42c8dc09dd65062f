export * from './fee';
export * from './door-delivery';
