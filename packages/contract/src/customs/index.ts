export * from './insurance';
export * from './iin';
