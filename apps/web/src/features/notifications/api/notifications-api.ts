import type {
  TDeliveryChannel,
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

export const { useReadNotificationsMutation, useNotificationSettingsQuery, useUpdatePreferencesMutation, useResetChannelMutation } = notificationsApi;
