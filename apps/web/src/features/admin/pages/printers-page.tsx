import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LABEL_SIZES, type TAdminLabelPrinter, type TLabelSizeCode } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { describeApiError } from '../../../lib/api/errors';
import { useAdminPrintersQuery, useDeleteAdminPrinterMutation, useSaveAdminPrinterMutation } from '../api/admin-printers-api';
import { BranchSelect } from '../components/branch-options';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

const WAREHOUSE = 'warehouse';

/** One printer's form: a new one (printer null) or an existing one, saved with its version. */
function PrinterForm({ printer }: { printer: TAdminLabelPrinter | null }) {
  const { t } = useTranslation();
  const [place, setPlace] = useState(printer?.branch_id ? String(printer.branch_id) : WAREHOUSE);
  const [name, setName] = useState(printer?.name ?? '');
  const [host, setHost] = useState(printer?.host ?? '');
  const [port, setPort] = useState(String(printer?.port ?? 9100));
  const [size, setSize] = useState<TLabelSizeCode>(printer?.default_size ?? '100x150');
  const [isDefault, setIsDefault] = useState(printer?.is_default ?? false);
  const [save, state] = useSaveAdminPrinterMutation();
  const [remove, removing] = useDeleteAdminPrinterMutation();
  const [saved, setSaved] = useState(false);
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const id = printer ? `printer-${printer.id}` : 'printer-new';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const body = {
      branch_id: place === WAREHOUSE ? null : Number(place),
      name,
      host,
      port: Number(port),
      default_size: size,
      is_default: isDefault,
      ...(printer ? { version: printer.version } : {}),
    };
    const result = await save({ id: printer?.id ?? null, body });
    if ('data' in result) {
      setSaved(true);
      if (!printer) {
        setName('');
        setHost('');
      }
    }
  };
  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid={id}>
      <h2 className={styles.sectionTitle}>{printer ? printer.name : t('admin:printers.add')}</h2>
      <div className={adminStyles.grid2}>
        <BranchSelect
          label={t('admin:printers.place')}
          value={place}
          onChange={(e) => setPlace(e.target.value)}
          data-testid={`${id}-place`}
        >
          <option value={WAREHOUSE}>{t('admin:printers.warehouse')}</option>
        </BranchSelect>
        <TextField
          label={t('admin:printers.name')}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={failure?.fields.name?.[0]}
          data-testid={`${id}-name`}
        />
        <TextField
          label={t('admin:printers.host')}
          hint={t('admin:printers.host_hint')}
          value={host}
          onChange={(e) => setHost(e.target.value)}
          error={failure?.fields.host?.[0]}
          autoCapitalize="none"
          spellCheck={false}
          data-testid={`${id}-host`}
        />
        <TextField
          label={t('admin:printers.port')}
          value={port}
          inputMode="numeric"
          onChange={(e) => setPort(e.target.value)}
          error={failure?.fields.port?.[0]}
          data-testid={`${id}-port`}
        />
        <SelectField label={t('admin:printers.size')} value={size} onChange={(e) => setSize(e.target.value as TLabelSizeCode)}>
          {LABEL_SIZES.map((s) => (
            <option key={s} value={s}>
              {t(`admin:printers.size_${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={adminStyles.row}>
        <Switch checked={isDefault} onChange={setIsDefault} label={t('admin:printers.default')} id={`${id}-default`} />
        <span>{t('admin:printers.default')}</span>
      </div>
      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:users.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid={`${id}-save`}>
          {printer ? t('admin:save') : t('admin:printers.add')}
        </Button>
        {printer && (
          <Button type="button" variant="secondary" loading={removing.isLoading} onClick={() => void remove(printer.id)}>
            {t('admin:printers.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** /admin/printers: label printers per place (the China warehouse, each branch): where "Print" sends labels (ADR 080). */
export default function PrintersPage() {
  const { t } = useTranslation();
  const printers = useAdminPrintersQuery();
  if (printers.isLoading) return <PageSpinner />;
  if (!printers.data)
    return <ErrorState title={t('errors:unknown')} text={errorText(printers.error, t)} onRetry={() => void printers.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-printers">
      <PageHeader title={t('admin:printers.title')} lead={t('admin:printers.lead')} />
      {printers.data.map((p) => (
        <PrinterForm key={`${p.id}-${p.version}`} printer={p} />
      ))}
      <PrinterForm key={`new-${printers.data.length}`} printer={null} />
    </section>
  );
}
