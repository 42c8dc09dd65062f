/** Numbers as staff read them: 1 234,5 (the locale's grouping), weights to 3 decimals, money to 2. */
export function formatWeight(kg: number, lang: string): string {
  return kg.toLocaleString(lang, { maximumFractionDigits: 3 });
}

export function formatMoney(amount: number | null, currency: string | null, lang: string): string {
  if (amount === null) return '—';
  return `${amount.toLocaleString(lang, { minimumFractionDigits: 0, maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
}

export function formatDateTime(iso: string | null, lang: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(lang, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function formatDate(isoDay: string | null, lang: string): string {
  if (!isoDay) return '—';
  const [y, m, d] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(lang, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
