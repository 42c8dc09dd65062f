import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@portal/contract';
import styles from './code-input.module.css';

interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once every cell holds a digit (to submit without a click). */
  onComplete?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
}

/**
 * A one-time code in separate cells. Typing moves forward (over a filled cell too, keeping the other
 * digits where they are), Backspace back; pasting or the phone's
 * SMS autofill (autocomplete="one-time-code") fills every cell at once.
 */
export function CodeInput({ label, value, onChange, onComplete, error, disabled, autoFocus, length = CODE_LENGTH }: CodeInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  // An emptied cell in the middle is a space in the value, so the digits after it keep their cells.
  const chars = Array.from({ length }, (_, i) => (value[i] ?? '').trim());
  const previous = useRef(value);

  // Cleared from outside (a wrong code): start again from the first cell.
  useEffect(() => {
    if (previous.current && !value) refs.current[0]?.focus();
    previous.current = value;
  }, [value]);

  const focus = (index: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, index))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string[]) => {
    const cells = next.slice(0, length);
    const joined = cells
      .map((c) => c || ' ')
      .join('')
      .trimEnd();
    onChange(joined);
    if (!cells.includes('') && joined.length === length) onComplete?.(joined);
  };

  /** Puts digits into the cells from `start` on; returns where the caret should go. */
  const fill = (start: number, digits: string) => {
    const next = [...chars];
    let i = start;
    for (const d of digits) {
      if (i >= length) break;
      next[i] = d;
      i += 1;
    }
    commit(next);
    focus(i >= length ? length - 1 : i);
  };

  const onInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) {
      const next = [...chars];
      next[index] = '';
      commit(next);
      return;
    }
    // Autofill and some keyboards put the whole code into one cell.
    if (digits.length > 1) {
      const fromStart = digits.length >= length;
      fill(fromStart ? 0 : index, fromStart ? digits.slice(0, length) : digits.replace(chars[index] ?? '', ''));
      return;
    }
    fill(index, digits);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // A digit typed into a cell replaces what it holds and moves on, even when it is the same digit
    // (the input's value would not change, so no change event would come).
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      fill(index, event.key);
      return;
    }
    if (event.key === 'Backspace' && !chars[index] && index > 0) {
      event.preventDefault();
      const next = [...chars];
      next[index - 1] = '';
      commit(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    event.preventDefault();
    fill(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return (
    <div className={[styles.wrap, error && styles.invalid].filter(Boolean).join(' ')}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.cells} role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
        {chars.map((char, index) => (
          <input
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            className={[styles.cell, char && styles.filled].filter(Boolean).join(' ')}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            name={index === 0 ? 'code' : undefined}
            aria-label={t('common:code_digit', { n: index + 1, total: length })}
            aria-invalid={error ? true : undefined}
            value={char}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            onChange={(e) => onInput(index, e.target.value)}
            onKeyDown={(e) => onKeyDown(index, e)}
            onPaste={(e) => onPaste(index, e)}
            onFocus={(e) => e.target.select()}
          />
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
