import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons';
import styles from './field.module.css';

export { styles as fieldStyles };

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label, control, and the error (or hint) under it, wired for screen readers. */
export function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={[styles.field, error && styles.invalid, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type InputProps = ComponentProps<'input'> & { label: ReactNode; error?: string; hint?: ReactNode; end?: ReactNode };

export function TextField({ label, error, hint, end, id: givenId, className, ...rest }: InputProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <div className={styles.control}>
        <input
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...rest}
        />
        {end}
      </div>
    </FieldShell>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<InputProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <span className={styles.adornment}>
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t('common:hide_password') : t('common:show_password')}
            aria-pressed={visible}
          >
            {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        </span>
      }
    />
  );
}

type SelectProps = ComponentProps<'select'> & { label: ReactNode; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, id: givenId, className, children, ...rest }: SelectProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <div className={styles.control}>
        <select
          id={id}
          className={`${styles.input} ${styles.select}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...rest}
        >
          {children}
        </select>
        <ChevronDownIcon size={18} className={styles.chevron} />
      </div>
    </FieldShell>
  );
}

interface SegmentedProps<V extends string> {
  label: ReactNode;
  name: string;
  value: V | null | undefined;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  onChange: (value: V) => void;
  error?: string;
}

/** A radio group that looks like a segmented control (gender …). */
export function SegmentedField<V extends string>({ label, name, value, options, onChange, error }: SegmentedProps<V>) {
  const id = useId();
  return (
    <div
      className={[styles.field, error && styles.invalid].filter(Boolean).join(' ')}
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.segmented}>
        {options.map((option) => (
          <label key={option.value} className={styles.segment}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
