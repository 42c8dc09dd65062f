import { useTranslation } from 'react-i18next';
import type { TSaveTrackRequest, TSaveTrackResponse } from '@portal/contract';
import { useAppDispatch } from '../../../app/hooks';
import { describeApiError, type ApiErrorInfo } from '../../../lib/api/errors';
import { checkSession } from '../../../lib/session/session-api';
import { notify } from '../../../lib/ui/toast';
import { useSaveTrackMutation } from '../api/orders-api';

/** Errors that belong under the tracking-code field rather than in a toast. */
export const TRACK_FIELD_CODES = ['duplicate_track', 'track_owned_by_other'];

/**
 * Saves a tracking code and tells the customer what happened. When the warehouse already had the parcel it
 * becomes theirs at once and a notification is created, so the user (and the bottom-bar badge) is fetched again.
 */
export function useSaveTrack() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [save, state] = useSaveTrackMutation();
  const run = async (body: TSaveTrackRequest): Promise<{ data: TSaveTrackResponse['data'] } | { error: ApiErrorInfo }> => {
    const result = await save(body);
    if ('data' in result && result.data) {
      if (result.data.claimed) {
        notify.success(t('orders:track_form.claimed'));
        void dispatch(checkSession());
      } else if (result.data.saved_track.checking) notify.success(t('orders:track_form.checking'));
      else notify.success(t('orders:track_form.saved'));
      return { data: result.data };
    }
    return { error: describeApiError(result.error, t) };
  };
  return [run, state] as const;
}
