import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldShell, fieldStyles } from '../../../components/ui/field';
import { currentLang, formatDate } from '../../../lib/content/format';

/** A file's bytes in base64 (a .pfx/.p12 is binary), in chunks so a large file does not overflow the call stack. */
function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** A chosen file's bytes (FileReader: every browser, and the tests' DOM). */
function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

/** A kept certificate's validity as the hint says it: expired, ending within 30 days (renew it now), or valid until. */
const SOON_MS = 30 * 86_400_000;
function validityKey(validTo: string, now = Date.now()): string {
  const left = Date.parse(validTo) - now;
  if (left <= 0) return 'admin:payment_providers.certificate_expired';
  return left <= SOON_MS ? 'admin:payment_providers.certificate_ends_soon' : 'admin:payment_providers.certificate_valid_to';
}

/**
 * A client certificate (Kaspi's mutual TLS, ADR 077): the file Kaspi gave (.pfx/.p12, sent in base64; or .pem/.crt
 * text), or PEM text pasted. The kept one is never shown: the hint says whether one is kept; blank keeps it.
 */
export function CertificateField(props: {
  id: string;
  label: string;
  set: boolean;
  /** The kept certificate's end of validity (ISO), when the server could read it. */
  validTo?: string | null;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const textId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const bytes = await bytesOf(file);
    const text = new TextDecoder().decode(bytes);
    setFileName(file.name);
    // PEM is text (kept as it is); anything else is the PKCS#12 file itself.
    props.onChange(text.includes('-----BEGIN') ? text : base64Of(bytes));
    if (input.current) input.current.value = '';
  };

  // The file's name while its content is what will be sent (a save clears the value, and with it the name).
  const chosen = props.value ? fileName : null;
  const hint = chosen
    ? t('admin:payment_providers.certificate_file', { name: chosen })
    : props.set && props.validTo
      ? t(validityKey(props.validTo), { date: formatDate(props.validTo, currentLang(i18n)) })
      : t(props.set ? 'admin:payment_providers.certificate_kept' : 'admin:payment_providers.not_set');
  return (
    <FieldShell id={textId} label={props.label} error={props.error} hint={hint}>
      <input
        ref={input}
        type="file"
        accept=".pfx,.p12,.pem,.crt,.key"
        hidden
        onChange={(e) => void pick(e)}
        data-testid={`${props.id}-file`}
      />
      <div>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          {t('admin:payment_providers.certificate_upload')}
        </Button>
      </div>
      <div className={fieldStyles.control}>
        <textarea
          id={textId}
          className={fieldStyles.input}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder={props.set ? '••••••••' : t('admin:payment_providers.certificate_paste')}
          value={chosen ? '' : props.value}
          onChange={(e) => {
            setFileName(null);
            props.onChange(e.target.value);
          }}
          aria-invalid={props.error ? true : undefined}
          data-testid={props.id}
          data-set={props.set ? 'set' : 'not-set'}
        />
      </div>
    </FieldShell>
  );
}
