import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLang } from '@portal/contract';
import { describedBy, FieldShell, fieldStyles, TextField } from '../../../components/ui/field';
import styles from './content.module.css';

export type I18nValue = Record<TLang, string>;
export const emptyI18n = (): I18nValue => ({ kk: '', ru: '', en: '' });

/**
 * One text in kk, ru and en side by side (stacked on phones), each with its own error from the API
 * (`title.kk` …). `multiline` makes them text areas (bodies, answers, descriptions).
 */
export function I18nFields({
  label,
  value,
  onChange,
  errors,
  multiline,
  maxLength,
  testId,
}: {
  label: string;
  value: I18nValue;
  onChange: (value: I18nValue) => void;
  /** Messages by language (already translated by the API). */
  errors?: Partial<Record<TLang, string>>;
  multiline?: boolean;
  maxLength?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={styles.group} data-testid={testId}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.langs}>
        {LANGUAGES.map((lang) => {
          const fieldLabel = t(`admin:content.lang.${lang}`);
          const error = errors?.[lang];
          const common = {
            value: value[lang],
            maxLength,
            'data-lang': lang,
            'aria-label': `${label} · ${fieldLabel}`,
          };
          if (!multiline)
            return (
              <TextField
                key={lang}
                label={fieldLabel}
                error={error}
                onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
                {...common}
              />
            );
          const fieldId = `${id}-${lang}`;
          return (
            <FieldShell key={lang} id={fieldId} label={fieldLabel} error={error}>
              <div className={fieldStyles.control}>
                <textarea
                  id={fieldId}
                  className={`${fieldStyles.input} ${styles.textarea}`}
                  rows={5}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(fieldId, error)}
                  onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
                  {...common}
                />
              </div>
            </FieldShell>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The languages an item misses, as small badges ("KK"), or a quiet "complete". */
export function MissingLanguages({ missing }: { missing: readonly TLang[] }) {
  const { t } = useTranslation();
  if (!missing.length) return <span className={styles.complete}>{t('admin:content.complete')}</span>;
  return (
    <span className={styles.missing} data-testid="missing-languages" title={t('admin:content.missing_hint')}>
      {missing.map((lang) => (
        <span key={lang} className={styles.missingBadge}>
          {t('admin:content.missing', { lang: lang.toUpperCase() })}
        </span>
      ))}
    </span>
  );
}
