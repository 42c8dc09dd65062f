import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLang } from '@portal/contract';
import { TextField } from '../../../components/ui/field';
import styles from './places.module.css';

export type LangTexts = Record<TLang, string>;
export const emptyTexts = (): LangTexts => ({ kk: '', ru: '', en: '' });

/** One text in kk, ru and en side by side (the API names a missing one: `name.kk`). */
export function LangTextFields({
  name,
  label,
  value,
  onChange,
  errors,
  maxLength,
}: {
  name: string;
  label: string;
  value: LangTexts;
  onChange: (value: LangTexts) => void;
  errors: Record<string, string[]>;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.langGrid}>
      {LANGUAGES.map((lang) => (
        <TextField
          key={lang}
          id={`${name}-${lang}`}
          label={`${label} · ${t(`admin:places.lang_${lang}`)}`}
          value={value[lang]}
          maxLength={maxLength}
          onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
          error={errors[`${name}.${lang}`]?.[0] ?? (lang === 'kk' ? errors[name]?.[0] : undefined)}
          data-testid={`${name}-${lang}`}
        />
      ))}
    </div>
  );
}
