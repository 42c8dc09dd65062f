import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { scanFeedback } from '../model/scan-feedback';
import { CameraScanner } from './camera-scanner';
import { CameraIcon, ScanIcon } from './manage-icons';
import styles from '../manage.module.css';

export type ScanKind = 'ok' | 'warn' | 'error';

interface ScanInputProps {
  label: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  /** Handles one scanned or typed code; its answer decides the tone and the flash. */
  onScan: (code: string) => Promise<ScanKind | null>;
  testId: string;
  submitLabel?: string;
  autoFocus?: boolean;
}

/**
 * One field for a hand scanner (keyboard wedge: the code arrives as typed text and Enter), the camera, or typing.
 * After each code the field is empty and focused again for the next scan; a tone and a flash tell how it went.
 */
export function ScanInput({ label, hint, placeholder, onScan, testId, submitLabel, autoFocus = true }: ScanInputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [flash, setFlash] = useState<ScanKind | null>(null);
  const [busy, setBusy] = useState(0);
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const flashTimer = useRef<number | undefined>(undefined);

  const submit = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      setValue('');
      setBusy((n) => n + 1);
      try {
        const kind = await onScan(code);
        if (kind) {
          scanFeedback(kind);
          setFlash(kind);
          window.clearTimeout(flashTimer.current);
          flashTimer.current = window.setTimeout(() => setFlash(null), 1200);
        }
      } finally {
        setBusy((n) => n - 1);
        input.current?.focus();
      }
    },
    [onScan],
  );

  // When the camera sheet closes (it gives the focus back to its button), the field takes it for the next scan.
  const cameraWasOpen = useRef(false);
  useEffect(() => {
    if (cameraWasOpen.current && !camera) input.current?.focus();
    cameraWasOpen.current = camera;
  }, [camera]);

  const onDetect = useCallback(
    (code: string) => {
      setCamera(false);
      void submit(code);
    },
    [submit],
  );

  return (
    <form
      className={styles.scanForm}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(value);
      }}
    >
      <label className={styles.scanLabel} htmlFor={`${testId}-input`}>
        {label}
      </label>
      <div className={[styles.scanRow, flash && styles[`flash_${flash}`]].filter(Boolean).join(' ')}>
        <span className={styles.scanIcon} aria-hidden="true">
          <ScanIcon size={22} />
        </span>
        <input
          ref={input}
          id={`${testId}-input`}
          className={styles.scanField}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder ?? t('manage:scan.placeholder')}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          data-testid={testId}
          aria-describedby={hint ? `${testId}-hint` : undefined}
        />
        <Button type="submit" size="sm" loading={busy > 0} className={styles.scanSubmit} data-testid={`${testId}-submit`}>
          {submitLabel ?? t('manage:scan.submit')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => setCamera(true)}
          aria-label={t('manage:camera.open')}
          title={t('manage:camera.open')}
          data-testid={`${testId}-camera`}
        >
          <CameraIcon size={20} />
        </Button>
      </div>
      {hint && (
        <p className={styles.muted} id={`${testId}-hint`}>
          {hint}
        </p>
      )}
      <CameraScanner open={camera} onClose={() => setCamera(false)} onDetect={onDetect} />
    </form>
  );
}
