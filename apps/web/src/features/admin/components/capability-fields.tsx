import { useTranslation } from 'react-i18next';
import { CAPABILITIES, type TCapability } from '@portal/contract';
import styles from './capabilities.module.css';

/**
 * What a staff account may do beyond its place (ADR 075): one checkbox per capability with a line saying what it
 * allows. The API decides again on every call; this only edits the list the admin saves.
 */
export function CapabilityFields({ value, onChange }: { value: TCapability[]; onChange: (next: TCapability[]) => void }) {
  const { t } = useTranslation();
  const toggle = (cap: TCapability, on: boolean) => onChange(CAPABILITIES.filter((c) => (c === cap ? on : value.includes(c))));
  return (
    <fieldset className={styles.set} data-testid="user-capabilities">
      <legend className={styles.legend}>{t('admin:capabilities.title')}</legend>
      <p className={styles.lead}>{t('admin:capabilities.lead')}</p>
      <ul className={styles.list}>
        {CAPABILITIES.map((cap) => (
          <li key={cap}>
            <label className={styles.item}>
              <input
                type="checkbox"
                className={styles.box}
                checked={value.includes(cap)}
                onChange={(e) => toggle(cap, e.target.checked)}
                data-testid={`capability-${cap}`}
              />
              <span>
                <span className={styles.name}>{t(`admin:capabilities.${cap}`)}</span>
                <span className={styles.hint}>{t(`admin:capabilities.${cap}_hint`)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
