import { useTranslation } from 'react-i18next';
import type { TOnlineProvider } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import styles from './pay.module.css';

/** The branch's providers, Kaspi first: the customer picks one (a tap opens the request with it). */
export function ProviderPicker(props: {
  providers: TOnlineProvider[];
  busy: TOnlineProvider | null;
  onPick: (provider: TOnlineProvider) => void;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.picker} data-testid="pay-providers">
      <legend className={styles.pickerTitle}>{props.title ?? t('payments:choose_provider')}</legend>
      {props.providers.map((p, i) => (
        <Button
          key={p}
          block
          variant={i === 0 ? 'primary' : 'secondary'}
          loading={props.busy === p}
          disabled={props.busy !== null && props.busy !== p}
          onClick={() => props.onPick(p)}
          data-testid={`pay-provider-${p}`}
          className={styles.providerButton}
        >
          <span className={styles.providerName}>{t(`payments:provider.${p}`)}</span>
          <span className={styles.providerHint}>{t(`payments:provider_hint.${p}`)}</span>
        </Button>
      ))}
    </fieldset>
  );
}
