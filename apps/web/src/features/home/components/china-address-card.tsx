import { useTranslation } from 'react-i18next';
import { CHINA_ADDRESS_LINES, type TChinaAddressLine, type TPublicUser } from '@portal/contract';
import { useGetChinaAddressQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { copyText } from '../../../lib/clipboard';
import { notify } from '../../../lib/ui/toast';
import { Button } from '../../../components/ui/button';
import { ErrorState, Skeleton } from '../../../components/ui/feedback';
import { CopyIcon } from '../../../components/ui/icons';
import { MapPinIcon } from '../../../components/content/content-icons';
import styles from './home.module.css';

/** The customer's China address: every line with its own copy button, and copy-all ('Copied'). */
export function ChinaAddressCard({ user }: { user: Pick<TPublicUser, 'id' | 'branch_id' | 'phone_number'> }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetChinaAddressQuery(`${user.id}:${user.branch_id ?? ''}:${user.phone_number}`);

  const copy = async (text: string) => {
    if (await copyText(text)) notify.success(t('common:copied'));
    else notify.error(t('home:address.copy_failed'));
  };
  const label = (line: TChinaAddressLine) => t(`home:address.lines.${line}`);

  return (
    <section className={styles.panel} aria-labelledby="address-title" data-testid="china-address">
      <div className={styles.addressHead}>
        <div className={styles.panelHead}>
          <span className={styles.panelIcon}>
            <MapPinIcon size={22} />
          </span>
          <div>
            <h2 className={styles.panelTitle} id="address-title">
              {t('home:address.title')}
            </h2>
            <p className={styles.panelText}>{t('home:address.text')}</p>
          </div>
        </div>
        {data && (
          <Button size="sm" onClick={() => void copy(data.full_text)} data-testid="copy-all">
            <CopyIcon size={16} />
            {t('home:address.copy_all')}
          </Button>
        )}
      </div>
      {isLoading && (
        <div className={styles.lines} aria-busy="true">
          {CHINA_ADDRESS_LINES.map((line) => (
            <Skeleton key={line} height={44} />
          ))}
        </div>
      )}
      {error && !data && (
        <ErrorState title={t('home:address.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />
      )}
      {data && (
        <ul className={styles.lines}>
          {CHINA_ADDRESS_LINES.map((line) => (
            <li key={line} className={styles.line} data-testid={`address-line-${line}`}>
              <span className={styles.lineText}>
                <span className={styles.lineLabel}>{label(line)}</span>
                <span className={styles.lineValue} data-testid="address-value">
                  {data[line]}
                </span>
              </span>
              <button
                type="button"
                className={styles.copyButton}
                onClick={() => void copy(data[line])}
                aria-label={t('home:address.copy_line', { line: label(line) })}
              >
                <CopyIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && <p className={styles.addressNote}>{t('home:address.note', { code: data.client_code })}</p>}
    </section>
  );
}
