import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { LANGUAGES, PROHIBITED_ICONS, type TLang } from '@portal/contract';
import { ProhibitedIcon } from '../../../components/content/prohibited-icon';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { Tabs } from '../../../components/ui/overlay';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDateTime, paragraphs } from '../../../lib/content/format';
import { useContentItemQuery, useDeleteContentMutation, useSaveContentMutation, type ContentPath } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { emptyI18n, I18nFields, MissingLanguages, type I18nValue } from '../components/i18n-fields';
import { ImageField } from '../components/image-field';
import { errorText } from '../model/api-error';
import {
  bodyOf,
  CONTENT_KINDS,
  emptyValues,
  fromLocalInput,
  isContentPath,
  valuesOf,
  type ContentField,
  type ContentKind,
  type StepValues,
  type Values,
} from '../model/content-kinds';
import { RichText } from '../../../components/content/rich-text';
import styles from '../components/content.module.css';
import adminStyles from '../admin.module.css';

type FieldErrors = Record<string, string[]>;

/** The first message of a field (`title.kk`) or of its languages. */
const langErrors = (errors: FieldErrors, path: string): Partial<Record<TLang, string>> =>
  Object.fromEntries(LANGUAGES.map((l) => [l, errors[`${path}.${l}`]?.[0] ?? errors[path]?.[0]]).filter(([, m]) => m));

/** What the customer sees of the item, in the language picked above it. */
function PreviewPanel({ kind, values }: { kind: ContentKind; values: Values }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<TLang>(currentLang(i18n));
  const preview = kind.preview(values, lang);
  return (
    <aside className={styles.preview} aria-label={t('admin:content.preview')} data-testid="content-preview">
      <strong>{t('admin:content.preview')}</strong>
      <Tabs
        label={t('admin:content.preview_lang')}
        value={lang}
        options={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
        onChange={setLang}
      />
      <article className={styles.previewCard} lang={lang}>
        {preview.image && <img className={styles.previewImage} src={preview.image} alt="" />}
        {kind.path === 'prohibited-items' && !preview.image && <ProhibitedIcon name={String(values.icon)} size={32} />}
        {preview.date && <time className={adminStyles.muted}>{formatDateTime(fromLocalInput(preview.date), lang)}</time>}
        <h3>{preview.title || <span className={styles.previewEmpty}>{t('admin:content.preview_empty')}</span>}</h3>
        {preview.rich ? <RichText text={preview.text} /> : paragraphs(preview.text).map((p, i) => <p key={i}>{p}</p>)}
        {preview.link && <span className={adminStyles.muted}>{preview.link}</span>}
      </article>
    </aside>
  );
}

function StepsEditor({ steps, onChange, errors }: { steps: StepValues[]; onChange: (steps: StepValues[]) => void; errors: FieldErrors }) {
  const { t } = useTranslation();
  const set = (i: number, step: StepValues) => onChange(steps.map((s, j) => (j === i ? step : s)));
  const swap = (i: number, j: number) => {
    if (j < 0 || j >= steps.length) return;
    const next = [...steps];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className={styles.group} data-testid="lesson-steps">
      <legend className={styles.legend}>{t('admin:content.steps')}</legend>
      {steps.map((step, i) => (
        <div key={step.id ?? `new-${i}`} className={styles.step} data-testid="lesson-step">
          <div className={styles.stepHead}>
            <strong>{t('admin:content.step', { n: i + 1 })}</strong>
            <span className={styles.moves}>
              <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => swap(i, i - 1)}>
                {t('admin:content.move_up')}
              </Button>
              <Button variant="ghost" size="sm" disabled={i === steps.length - 1} onClick={() => swap(i, i + 1)}>
                {t('admin:content.move_down')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onChange(steps.filter((_, j) => j !== i))}>
                {t('admin:content.remove')}
              </Button>
            </span>
          </div>
          <I18nFields
            label={t('admin:content.field.title')}
            value={step.title}
            onChange={(title) => set(i, { ...step, title })}
            errors={langErrors(errors, `steps.${i}.title`)}
            maxLength={200}
          />
          <I18nFields
            label={t('admin:content.field.body')}
            value={step.body}
            onChange={(body) => set(i, { ...step, body })}
            errors={langErrors(errors, `steps.${i}.body`)}
            multiline
          />
          <ImageField
            label={t('admin:content.field.image')}
            kind="lessons"
            optional
            value={step.image}
            onChange={(image) => set(i, { ...step, image })}
            error={errors[`steps.${i}.image`]?.[0]}
          />
          <TextField
            label={t('admin:content.field.video_url')}
            hint={t('admin:content.video_hint')}
            value={step.video_url}
            type="url"
            onChange={(e) => set(i, { ...step, video_url: e.target.value })}
            error={errors[`steps.${i}.video_url`]?.[0]}
          />
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() => onChange([...steps, { title: emptyI18n(), body: emptyI18n(), image: '', video_url: '' }])}
          data-testid="lesson-step-add"
        >
          {t('admin:content.step_add')}
        </Button>
      </div>
    </fieldset>
  );
}

function Field({
  field,
  values,
  setValue,
  errors,
}: {
  field: ContentField;
  values: Values;
  setValue: (name: string, value: unknown) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const label = t(`admin:content.field.${field.name}`);
  const error = errors[field.name]?.[0];
  switch (field.type) {
    case 'i18n':
      return (
        <I18nFields
          label={label}
          value={values[field.name] as I18nValue}
          onChange={(v) => setValue(field.name, v)}
          errors={langErrors(errors, field.name)}
          multiline={field.multiline}
          maxLength={field.max}
          testId={`field-${field.name}`}
        />
      );
    case 'text':
      return (
        <TextField
          label={label}
          type={field.input}
          value={String(values[field.name] ?? '')}
          onChange={(e) => setValue(field.name, e.target.value)}
          error={error}
          hint={field.name === 'video_url' ? t('admin:content.video_hint') : undefined}
          min={field.input === 'number' ? 1 : undefined}
          data-testid={`field-${field.name}`}
        />
      );
    case 'image':
      return (
        <ImageField
          label={label}
          kind={field.kind}
          optional={field.optional}
          value={String(values[field.name] ?? '')}
          onChange={(url) => setValue(field.name, url)}
          error={error}
        />
      );
    case 'check':
      return (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={!!values[field.name]}
            onChange={(e) => setValue(field.name, e.target.checked)}
            data-testid={`field-${field.name}`}
          />
          {label}
        </label>
      );
    case 'icon': {
      const value = String(values[field.name] ?? '');
      const uploaded = value.startsWith('/') || value === '';
      return (
        <div className={styles.group}>
          <SelectField
            label={label}
            value={uploaded ? '' : value}
            onChange={(e) => setValue(field.name, e.target.value)}
            error={error}
            hint={t('admin:content.icon_hint')}
          >
            {PROHIBITED_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {t(`admin:content.icon.${icon}`)}
              </option>
            ))}
            <option value="">{t('admin:content.icon_uploaded')}</option>
          </SelectField>
          {uploaded && (
            <ImageField
              label={t('admin:content.icon_uploaded')}
              kind="prohibited-items"
              value={value}
              onChange={(url) => setValue(field.name, url)}
            />
          )}
        </div>
      );
    }
    case 'steps':
      return <StepsEditor steps={values.steps as StepValues[]} onChange={(steps) => setValue('steps', steps)} errors={errors} />;
  }
}

function Editor({ kind, id }: { kind: ContentKind; id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const item = useContentItemQuery({ path: kind.path, id: id ?? 0 }, { skip: id === null });
  const [save, saving] = useSaveContentMutation();
  const [remove, removing] = useDeleteContentMutation();
  const [values, setValues] = useState<Values>(() => emptyValues(kind));
  const [version, setVersion] = useState<number | null>(null);
  // A new item opens at its own address after the first save, still saying "Saved".
  const location = useLocation();
  const [saved, setSaved] = useState(!!(location.state as { saved?: boolean } | null)?.saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);

  // The form takes the stored item once (and again only on "load the latest version"): a refetch in the
  // background never replaces what the admin is typing, so a save over someone else's change gets the 409.
  const [reload, setReload] = useState(true);
  useEffect(() => {
    if (!item.data || !reload || item.isFetching) return;
    setValues(valuesOf(kind, item.data));
    setVersion(item.data.version);
    setReload(false);
  }, [item.data, item.isFetching, kind, reload]);

  if (id !== null && item.isLoading) return <PageSpinner />;
  if (id !== null && !item.data)
    return <ErrorState title={t('admin:list.error')} text={errorText(item.error, t)} onRetry={() => void item.refetch()} />;

  const setValue = (name: string, value: unknown) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setFailure(null);
    setErrors({});
    const body = bodyOf(kind, values);
    const result = await save({ path: kind.path, id, body: id ? { ...body, version } : body });
    if ('data' in result && result.data) {
      setSaved(true);
      setVersion(result.data.version);
      if (!id) navigate(`/admin/content/${kind.path}/${result.data.id}`, { replace: true, state: { saved: true } });
      return;
    }
    const info = describeApiError(result.error, t);
    setErrors(info.fields);
    setFailure({ message: info.message, stale: info.status === 409 });
  };

  const del = async () => {
    if (!id || !window.confirm(t('admin:content.delete_confirm'))) return;
    const result = await remove({ path: kind.path, id });
    if ('data' in result) navigate(`/admin/content/${kind.path}`);
  };

  return (
    <div className={styles.editor}>
      <form className={adminStyles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="content-editor">
        {item.data && <MissingLanguages missing={item.data.missing_languages} />}
        {kind.fields.map((field) => (
          <Field key={field.name} field={field} values={values} setValue={setValue} errors={errors} />
        ))}
        {failure && (
          <div role="alert" data-testid={failure.stale ? 'content-stale' : 'content-error'}>
            <Alert>{failure.message}</Alert>
            {failure.stale && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setFailure(null);
                  setErrors({});
                  setReload(true);
                  void item.refetch();
                }}
              >
                {t('admin:content.reload')}
              </Button>
            )}
          </div>
        )}
        {removing.isError && <Alert>{errorText(removing.error, t)}</Alert>}
        {saved && (
          <Alert kind="success">
            <span data-testid="content-saved">{t('admin:content.saved')}</span>
          </Alert>
        )}
        <div className={adminStyles.row}>
          <Button type="submit" loading={saving.isLoading} data-testid="content-save">
            {t('admin:save')}
          </Button>
          <ButtonLink variant="ghost" to={`/admin/content/${kind.path}`}>
            {t('admin:content.back')}
          </ButtonLink>
          {id && (
            <Button variant="danger" loading={removing.isLoading} onClick={() => void del()} data-testid="content-delete">
              {t('admin:content.delete')}
            </Button>
          )}
        </div>
      </form>
      <PreviewPanel kind={kind} values={values} />
    </div>
  );
}

/** /admin/content/:kind/:id (or `new`): an item's texts in kk, ru and en side by side, its images, and a preview. */
export default function ContentEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const kindPath = params.kind;
  if (!isContentPath(kindPath)) return <Navigate to="/admin/content/news" replace />;
  const id = params.id === 'new' ? null : Number(params.id);
  if (id !== null && !(Number.isInteger(id) && id > 0)) return <Navigate to={`/admin/content/${kindPath}`} replace />;
  const kind = CONTENT_KINDS[kindPath as ContentPath];
  return (
    <section className={adminStyles.main} data-testid="admin-content-edit">
      <PageHeader title={t(id ? 'admin:content.edit_title' : 'admin:content.new_title', { kind: t(`admin:content.kind.${kindPath}`) })} />
      <ContentTabs />
      <Editor key={`${kindPath}-${id ?? 'new'}`} kind={kind} id={id} />
    </section>
  );
}
