import { useTranslation } from 'react-i18next';
import { PageHeader } from './ui/card';
import { EmptyState } from './ui/feedback';
import { BoxIcon } from './ui/icons';

/** A titled page whose content another part of the portal fills in. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t(`breadcrumbs:${titleKey}`)} />
      <EmptyState icon={<BoxIcon size={30} />} title={t('common:placeholder.title')} text={t('common:placeholder.text')} />
    </section>
  );
}
