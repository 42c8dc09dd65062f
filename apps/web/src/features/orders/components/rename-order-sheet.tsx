import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangeOrderNameRequest, type TChangeOrderNameRequest } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Sheet } from '../../../components/ui/overlay';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { notify } from '../../../lib/ui/toast';
import { useRenameOrderMutation } from '../api/orders-api';
import styles from './orders.module.css';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';

/** A sheet to rename an order's item ('Saved' when stored, the API's message when not). */
export function RenameOrderSheet({ order, onClose }: { order: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [rename] = useRenameOrderMutation();
  const { register, handleSubmit, reset, setError, formState } = useForm<TChangeOrderNameRequest>({
    resolver: zodResolver(ZChangeOrderNameRequest),
    defaultValues: { name: order?.name ?? '' },
  });
  useEffect(() => {
    if (order) reset({ name: order.name });
  }, [order, reset]);

  const onSubmit = useSubmitOnce(
    handleSubmit(async ({ name }) => {
      if (!order) return;
      const result = await rename({ id: order.id, name });
      if ('data' in result) {
        notify.success(t('common:saved'));
        onClose();
        return;
      }
      const info = describeApiError(result.error, t);
      if (!applyFieldErrors(info, setError, ['name']).length && Object.keys(info.fields).length) return;
      notify.error(`${t('orders:rename.failed')}: ${info.message}`);
    }),
  );

  return (
    <Sheet open={order !== null} onClose={onClose} title={t('orders:rename.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="rename-form">
        <TextField
          label={t('orders:rename.label')}
          autoFocus
          maxLength={100}
          error={translateFieldMessage(formState.errors.name?.message, t)}
          {...register('name')}
        />
        <div className={styles.sheetActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('orders:rename.save')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
