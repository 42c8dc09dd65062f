import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface ListParams<K extends string> {
  /** The applied filters, from the address ('' when unset). */
  values: Record<K, string>;
  /** Only the set filters, ready for the query (`{ ...query, page }`). */
  query: Partial<Record<K, string>>;
  /** The page from the address (1 when unset). */
  page: number;
  /** What the filter form shows before "Find" (typed text, picked dates). */
  draft: Record<K, string>;
  setDraft: (key: K, value: string) => void;
  /** Applies the draft (trimmed) to the address and goes back to page 1. */
  apply: () => void;
  /** Sets one filter at once (a select, a tab) in the draft and the address, back to page 1. */
  setNow: (key: K, value: string) => void;
  setPage: (page: number) => void;
  /** Clears every filter. */
  reset: () => void;
}

/**
 * An admin list's filters and page, kept in the address (`?search=…&page=2`) so a list can be linked,
 * reloaded and gone back to. `keys` must be a stable (module-level) array.
 */
export function useListParams<K extends string>(keys: readonly K[]): ListParams<K> {
  const [params, setParams] = useSearchParams();
  const read = useCallback((p: URLSearchParams) => Object.fromEntries(keys.map((k) => [k, p.get(k) ?? ''])) as Record<K, string>, [keys]);
  const values = useMemo(() => read(params), [params, read]);
  const [draft, setDraftState] = useState<Record<K, string>>(() => read(params));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const k of keys) if (values[k]) out[k] = values[k];
    return out;
  }, [keys, values]);

  const write = useCallback(
    (next: Record<K, string>) =>
      setParams(() => {
        const p = new URLSearchParams();
        for (const k of keys) if (next[k].trim()) p.set(k, next[k].trim());
        return p;
      }),
    [keys, setParams],
  );

  return {
    values,
    query,
    page,
    draft,
    setDraft: (key, value) => setDraftState((d) => ({ ...d, [key]: value })),
    apply: () => write(draft),
    setNow: (key, value) => {
      const next = { ...draft, [key]: value };
      setDraftState(next);
      write({ ...values, [key]: value });
    },
    setPage: (p) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      }),
    reset: () => {
      const empty = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
      setDraftState(empty);
      write(empty);
    },
  };
}

/** The list's filters as the API's query names them (`filters[search]`), for the list's export. */
export function asFilters(query: Partial<Record<string, string>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [`filters[${k}]`, v]));
}
