import { useTranslation } from 'react-i18next';
import type { TLegalResponse } from '@portal/contract';
import { RichText } from '../../../components/content/rich-text';
import { PageHeader } from '../../../components/ui/card';
import { ErrorState, Skeleton } from '../../../components/ui/feedback';
import { baseApi } from '../../../lib/api/base-api';
import { describeApiError } from '../../../lib/api/errors';
import styles from '../components/info.module.css';

const legalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLegal: build.query<string, 'terms' | 'privacy'>({
      query: (doc) => `legal/${doc}`,
      transformResponse: (r: TLegalResponse) => r.data.text,
      providesTags: [{ type: 'Content', id: 'settings' }],
    }),
  }),
});

/** /terms and /privacy: the terms of use and privacy policy written in the admin area, in the reader's language. */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = legalApi.useGetLegalQuery(doc);
  const title = t(doc === 'terms' ? 'common:footer.terms' : 'common:footer.privacy');
  if (isLoading)
    return (
      <div className={styles.page} aria-busy="true">
        <Skeleton width="40%" height={36} />
        <Skeleton height={240} radius={16} />
      </div>
    );
  if (error || data === undefined)
    return <ErrorState level={1} title={title} text={describeApiError(error, t).message} onRetry={() => void refetch()} />;
  return (
    <article className={styles.page} data-testid={`legal-${doc}`}>
      <PageHeader title={title} />
      <RichText text={data} />
    </article>
  );
}

export function TermsPage() {
  return <LegalPage doc="terms" />;
}
export function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}
