import { useTranslation } from 'react-i18next';
import type { TDeclarationItem } from '@portal/contract';
import { describeApiError } from '../../../lib/api/errors';
import { notify } from '../../../lib/ui/toast';
import { useLazyGetDeclarationQuery, useSaveDeclarationMutation } from '../api/declarations-api';

/**
 * Saves the items listed with a code right after the code is saved (PUT declarations/{code}). A declaration kept from
 * an earlier save of the same code answers 409 stale_write to a "new" one: its version is read and the lines saved
 * over it once, keeping its value and insurance. A refusal tells the customer to add the items on the parcel page.
 */
export function useSaveItemsAfterCode() {
  const { t } = useTranslation();
  const [save] = useSaveDeclarationMutation();
  const [read] = useLazyGetDeclarationQuery();
  return async (code: string, items: TDeclarationItem[]): Promise<boolean> => {
    let result = await save({ code, body: { items, declared_value: null, insured: false, updated_at: null } });
    if ('error' in result && describeApiError(result.error, t).code === 'stale_write') {
      const current = await read(code);
      if (current.data) {
        const { declared_value, insured, updated_at } = current.data;
        result = await save({ code, body: { items, declared_value, insured, updated_at } });
      }
    }
    if ('data' in result) return true;
    notify.error(t('declarations:items_not_saved', { reason: describeApiError(result.error, t).message }));
    return false;
  };
}
