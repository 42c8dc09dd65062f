export * from './common/i18n';
export * from './common/format';
export * from './common/routes';
export * from './common/envelope';
export * from './common/errors';
export * from './common/error-body';
export * from './common/pagination';
export * from './common/phone';
export * from './common/messages';
export * from './common/fields';
export * from './common/text';
export * from './common/money';

export * from './users/user';
export * from './users/get-user';
export * from './notifications/notification';
export * from './notifications/events';
export * from './notifications/read-notifications';
export * from './notifications/preferences';
export * from './notifications/telegram';

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
export * from './orders/order';
export * from './orders/get-order-statuses';
export * from './orders/list-orders';
export * from './orders/list-archived-orders';
export * from './orders/get-order';
export * from './orders/archive-order';
export * from './orders/change-order-name';
export * from './orders/order-timeline';
export * from './orders/storage';
export * from './orders/lookup-order';
export * from './orders/waiting';
export * from './tracks/track-code';
export * from './tracks/saved-track';
export * from './tracks/list-saved-tracks';
export * from './tracks/save-track';
export * from './tracks/delete-saved-track';
export * from './qr/get-qr';

export * from './branches/get-branch';
export * from './content/marketplaces';
export * from './content/prohibited-items';
export * from './content/news-list';
export * from './content/news-item';
export * from './content/faqs';
export * from './content/lessons';
export * from './content/lesson';
export * from './content/create-support';
export * from './content/support-thread';
export * from './content/china-address';
export * from './content/video';
export * from './content/rich-text';

export * from './parcels/index';
export * from './manage/index';
export * from './receipts/receipt';
export * from './payments/index';

export * from './admin/index';
export * from './reports/dashboard';
export * from './notifications/push';
