import type { TNotificationGroups, TReadNotificationsRequest, TReadNotificationsResponse } from '@portal/contract';
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
  }),
});

export const { useReadNotificationsMutation } = notificationsApi;
