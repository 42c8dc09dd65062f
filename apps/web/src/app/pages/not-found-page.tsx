import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/feedback';
import { SearchOffIcon } from '../../components/ui/icons';

/** Any unknown address: the page may have been deleted or the address is wrong; a link home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="not-found">
      <EmptyState
        level={1}
        icon={<SearchOffIcon size={30} />}
        title={t('common:not_found.title')}
        text={t('common:not_found.text')}
        actions={<ButtonLink to="/">{t('common:not_found.home')}</ButtonLink>}
      />
    </section>
  );
}
