import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { ContentItem } from '../api/content-api';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import { ButtonLink, Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { useContentListQuery, useMoveContentMutation } from '../api/content-api';
import { AdminFilters, AdminList, type AdminListColumn } from '../components/admin-list';
import { ContentTabs } from '../components/content-tabs';
import { MissingLanguages } from '../components/i18n-fields';
import { CONTENT_KINDS, isContentPath } from '../model/content-kinds';
import { errorText } from '../model/api-error';
import { useListParams } from '../model/use-list-params';
import StatusesPage from './statuses-page';
import styles from '../components/content.module.css';
import adminStyles from '../admin.module.css';

const FILTERS = ['search', 'missing', 'state'] as const;

function ContentList({ path }: { path: keyof typeof CONTENT_KINDS }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const kind = CONTENT_KINDS[path];
  const list = useListParams(FILTERS);
  const result = useContentListQuery({ path, ...list.query, page: list.page });
  const [move, moving] = useMoveContentMutation();

  const columns: AdminListColumn<ContentItem>[] = [];
  if (kind.ordered)
    columns.push({
      key: 'order',
      header: t('admin:content.order'),
      nowrap: true,
      cell: (item) => (
        <span className={styles.moves}>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('admin:content.move_up')}
            title={t('admin:content.move_up')}
            disabled={moving.isLoading}
            onClick={() => void move({ path, id: item.id, direction: 'up' })}
            data-testid="move-up"
          >
            <ChevronDownIcon size={18} style={{ transform: 'rotate(180deg)' }} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('admin:content.move_down')}
            title={t('admin:content.move_down')}
            disabled={moving.isLoading}
            onClick={() => void move({ path, id: item.id, direction: 'down' })}
            data-testid="move-down"
          >
            <ChevronDownIcon size={18} />
          </Button>
        </span>
      ),
    });
  if (kind.thumb)
    columns.push({
      key: 'image',
      header: <span className="visually-hidden">{t('admin:content.image')}</span>,
      cell: (item) => {
        const src = kind.thumb!(item);
        return src ? <img className={styles.listThumb} src={src} alt="" /> : null;
      },
    });
  columns.push(
    {
      key: 'title',
      header: t('admin:content.title'),
      cell: (item) => (
        <Link to={`/admin/content/${path}/${item.id}`} data-testid="content-edit-link">
          {kind.title(item, lang) || kind.title(item, item.missing_languages.includes('ru') ? 'en' : 'ru') || `#${item.id}`}
        </Link>
      ),
    },
    { key: 'missing', header: t('admin:content.languages'), cell: (item) => <MissingLanguages missing={item.missing_languages} /> },
  );
  if (path === 'news')
    columns.push(
      {
        key: 'state',
        header: t('admin:content.state'),
        nowrap: true,
        cell: (item) => <span className={adminStyles.badge}>{t(`admin:content.state_${String(item.state)}`)}</span>,
      },
      {
        key: 'published_at',
        header: t('admin:content.field.published_at'),
        nowrap: true,
        cell: (item) => formatDateTime(String(item.published_at), lang),
      },
    );
  if (path === 'lessons')
    columns.push({ key: 'steps', header: t('admin:content.steps'), numeric: true, cell: (item) => String(item.steps_count) });

  return (
    <AdminList
      label={t(`admin:content.kind.${path}`)}
      testId="content-list"
      result={result}
      columns={columns}
      rowKey={(item) => item.id}
      rowTestId="content-row"
      onPage={list.setPage}
      filters={
        <AdminFilters onSubmit={list.apply} onReset={list.reset}>
          <TextField
            label={t('admin:content.search')}
            value={list.draft.search}
            onChange={(e) => list.setDraft('search', e.target.value)}
            type="search"
          />
          <SelectField
            label={t('admin:content.languages')}
            value={list.values.missing}
            onChange={(e) => list.setNow('missing', e.target.value)}
            data-testid="content-missing-filter"
          >
            <option value="">{t('admin:content.missing_all')}</option>
            <option value="any">{t('admin:content.missing_any')}</option>
            {(['kk', 'ru', 'en'] as const).map((l) => (
              <option key={l} value={l}>
                {t('admin:content.missing_in', { lang: t(`admin:content.lang.${l}`) })}
              </option>
            ))}
          </SelectField>
          {path === 'news' && (
            <SelectField label={t('admin:content.state')} value={list.values.state} onChange={(e) => list.setNow('state', e.target.value)}>
              <option value="">{t('admin:content.state_all')}</option>
              {(['draft', 'scheduled', 'published'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`admin:content.state_${s}`)}
                </option>
              ))}
            </SelectField>
          )}
        </AdminFilters>
      }
      actions={
        <div className={adminStyles.row}>
          <ButtonLink to={`/admin/content/${path}/new`} data-testid="content-new">
            {t('admin:content.new')}
          </ButtonLink>
          {moving.isError && <Alert>{errorText(moving.error, t)}</Alert>}
        </div>
      }
    />
  );
}

/** /admin/content/:kind: one content kind's list (paged, searchable, the languages each item misses, moved up and down). */
export default function ContentListPage() {
  const { t } = useTranslation();
  const { kind } = useParams();
  if (kind === 'statuses') return <StatusesPage />;
  if (!isContentPath(kind)) return <Navigate to="/admin/content/news" replace />;
  return (
    <section className={adminStyles.main} data-testid={`admin-content-${kind}`}>
      <PageHeader title={t('admin:nav.content')} lead={t('admin:content.lead')} />
      <ContentTabs />
      <ContentList key={kind} path={kind} />
    </section>
  );
}
