import type {
  TCreateTelegramLinkResponse,
  TDeliveryChannel,
  TPushKeyResponse,
  TPushSubscribeRequest,
  TPushUnsubscribeRequest,
  TTelegramLink,
  TNotificationGroups,
  TNotificationSettings,
  TReadNotificationsRequest,
  TReadNotificationsResponse,
  TUpdatePreferencesRequest,
} from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';
import { notificationsReplaced } from '../../../lib/session/auth-slice';

/** POST notifications/read: its answer (the whole grouped list) replaces the one in the auth state (spec section 4). */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readNotifications: build.mutation<TNotificationGroups, TReadNotificationsRequest | void>({
      query: (body) => ({ url: 'notifications/read', method: 'POST', body: body ?? {} }),
      transformResponse: (r: TReadNotificationsResponse) => r.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(notificationsReplaced(result.data));
      },
    }),
    /** The profile's channels (linked, not linked, unreachable) and event × channel switches. */
    notificationSettings: build.query<TNotificationSettings, void>({
      query: () => 'notifications/settings',
      transformResponse: (r: { data: TNotificationSettings }) => r.data,
      keepUnusedDataFor: 0,
    }),
    updatePreferences: build.mutation<TNotificationSettings, TUpdatePreferencesRequest>({
      query: (body) => ({ url: 'notifications/preferences', method: 'PUT', body }),
      transformResponse: (r: { data: TNotificationSettings }) => r.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, result.data));
      },
    }),
    /** A one-time t.me link that connects the chat it is started in. */
    createTelegramLink: build.mutation<TTelegramLink, void>({
      query: () => ({ url: 'notifications/telegram/link', method: 'POST' }),
      transformResponse: (r: TCreateTelegramLinkResponse) => r.data,
    }),
    unlinkTelegram: build.mutation<TNotificationSettings, void>({
      query: () => ({ url: 'notifications/telegram', method: 'DELETE' }),
      transformResponse: (r: { data: TNotificationSettings }) => r.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, result.data));
      },
    }),
    pushKey: build.query<string, void>({
      query: () => 'notifications/push/key',
      transformResponse: (r: TPushKeyResponse) => r.data.public_key,
    }),
    subscribePush: build.mutation<TNotificationSettings, TPushSubscribeRequest>({
      query: (body) => ({ url: 'notifications/push', method: 'POST', body }),
      transformResponse: (r: { data: TNotificationSettings }) => r.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, result.data));
      },
    }),
    unsubscribePush: build.mutation<TNotificationSettings, TPushUnsubscribeRequest>({
      query: (body) => ({ url: 'notifications/push', method: 'DELETE', body }),
      transformResponse: (r: { data: TNotificationSettings }) => r.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, result.data));
      },
    }),
    resetChannel: build.mutation<TNotificationSettings, TDeliveryChannel>({
      query: (channel) => ({ url: `notifications/channels/${channel}/reset`, method: 'POST' }),
      transformResponse: (r: { data: TNotificationSettings }) => r.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, result.data));
      },
    }),
  }),
});

export const {
  useReadNotificationsMutation,
  useNotificationSettingsQuery,
  useUpdatePreferencesMutation,
  useResetChannelMutation,
  useCreateTelegramLinkMutation,
  useUnlinkTelegramMutation,
  useLazyPushKeyQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
} = notificationsApi;
