export * from './bag-weight';
export * from './bags';
