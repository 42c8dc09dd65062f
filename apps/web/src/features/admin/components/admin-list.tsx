import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPageMeta } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { errorText } from '../model/api-error';
import { Pager } from './pager';
import styles from '../admin.module.css';

/** One column of an admin list. */
export interface AdminListColumn<Row> {
  /** Stable key (React key and the cells' `data-col`). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Keep the cell on one line (codes, phones, dates, amounts). */
  nowrap?: boolean;
  /** Right-align (numbers). */
  numeric?: boolean;
}

/** What the list needs of an RTK Query paged query result (`useXQuery(...)` can be passed as is). */
export interface AdminListResult<Row> {
  data?: { data: Row[]; meta: TPageMeta };
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface AdminListProps<Row> {
  result: AdminListResult<Row>;
  columns: ReadonlyArray<AdminListColumn<Row>>;
  rowKey: (row: Row) => string | number;
  /** Called with the page to show (the caller keeps it, usually in the address: see useListParams). */
  onPage: (page: number) => void;
  /** Accessible name of the table. */
  label: string;
  /** The filter form above the table (see AdminFilters). */
  filters?: ReactNode;
  /** Buttons or a form between the filters and the table ("New branch" …). */
  actions?: ReactNode;
  /** `data-testid` of each row. */
  rowTestId?: string;
  /** Extra class for a row (e.g. a closed branch dimmed). */
  rowClassName?: (row: Row) => string | undefined;
  /** Text of the empty state (default "Nothing found"). */
  emptyText?: ReactNode;
  /** Skeleton rows shown while the first page loads. */
  skeletonRows?: number;
  /** `data-testid` of the whole list. */
  testId?: string;
}

/**
 * The admin area's one list: filters, actions, a paged table that scrolls sideways on phones, and its
 * loading (skeleton rows; dimmed while a new page loads), empty and error (with retry) states.
 */
export function AdminList<Row>({
  result,
  columns,
  rowKey,
  onPage,
  label,
  filters,
  actions,
  rowTestId,
  rowClassName,
  emptyText,
  skeletonRows = 5,
  testId,
}: AdminListProps<Row>) {
  const { t } = useTranslation();
  const rows = result.data?.data;
  let body: ReactNode;
  if (result.isLoading || (!rows && result.isFetching)) {
    body = (
      <div className={styles.tableWrap} aria-busy="true" data-testid="admin-list-loading">
        <table className={styles.table} aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: skeletonRows }, (_, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key}>
                    <Skeleton height={14} width={`${60 + ((i * 7 + c.key.length * 13) % 35)}%`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else if (!rows || !result.data) {
    body = <ErrorState title={t('admin:list.error')} text={errorText(result.error, t)} onRetry={() => void result.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <div className={styles.tableWrap} data-testid="admin-list-empty">
        <EmptyState title={emptyText ?? t('admin:list.empty')} />
      </div>
    );
  } else {
    body = (
      <>
        <div className={styles.tableWrap} aria-busy={result.isFetching || undefined} data-fetching={result.isFetching || undefined}>
          <table className={styles.table} aria-label={label}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.numeric ? styles.numeric : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} data-testid={rowTestId} className={rowClassName?.(row)}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      data-col={c.key}
                      className={[c.nowrap && styles.nowrap, c.numeric && styles.numeric].filter(Boolean).join(' ') || undefined}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager meta={result.data.meta} onPage={onPage} />
      </>
    );
  }
  return (
    <div className={styles.list} data-testid={testId}>
      {filters}
      {actions}
      {body}
    </div>
  );
}

/** The filter form above an admin list: its fields in a wrapping row and one "Find" button. */
export function AdminFilters({ onSubmit, children, onReset }: { onSubmit: () => void; children: ReactNode; onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <form
      className={styles.toolbar}
      role="search"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className={styles.toolbarButtons}>
        <Button type="submit" data-testid="admin-list-find">
          {t('admin:find')}
        </Button>
        {onReset && (
          <Button variant="ghost" onClick={onReset}>
            {t('admin:list.reset')}
          </Button>
        )}
      </div>
    </form>
  );
}
