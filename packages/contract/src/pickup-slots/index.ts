export * from './pickup-slots';
