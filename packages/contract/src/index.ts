export * from './common/i18n';
export * from './common/envelope';
export * from './common/errors';
export * from './common/pagination';
export * from './common/phone';
export * from './common/messages';
export * from './common/fields';

export * from './users/user';
export * from './users/get-user';
export * from './notifications/notification';
export * from './notifications/read-notifications';

export * from './auth/send-code';
export * from './auth/verify-code';
export * from './auth/session';
export * from './auth/register';
export * from './auth/login';
export * from './auth/refresh';
export * from './auth/get-auth-user';
export * from './auth/update-user';
export * from './auth/update-phone';
export * from './auth/update-password';

export * from './content/countries';
export * from './content/settings';
export * from './branches/branch';

export * from './orders/order-status';
export * from './qr/qr-token';
