export * from './weight';
export * from './client-code';
export * from './photo-types';
export * from './transitions';
export * from './chargeable-weight';
export * from './parcel-number';
export * from './parcel-photos';
