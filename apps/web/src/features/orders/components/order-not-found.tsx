import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/feedback';
import { BoxIcon } from '../../../components/ui/icons';

/** An order that does not exist or is not the caller's (the API answers 404 for both). */
export function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      level={1}
      icon={<BoxIcon size={30} />}
      title={t('orders:info.not_found_title')}
      text={t('orders:info.not_found_text')}
      actions={<ButtonLink to="/orders">{t('orders:info.to_orders')}</ButtonLink>}
    />
  );
}
