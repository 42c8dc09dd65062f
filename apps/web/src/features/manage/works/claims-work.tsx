import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAIM_PAYOUT_METHODS, parseAmount, toMajor, type TClaimPayoutMethod, type TStaffClaim } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useClaimStepMutation, useStaffClaimQuery, useStaffClaimsQuery } from '../api/claims-api';
import { errorText } from '../model/api-error';
import { formatDateTime, formatMoney, formatWeight } from '../model/format';
import manage from '../manage.module.css';
import styles from '../shelves.module.css';

type View = 'open' | 'approved' | 'done';
const ROW_BUTTON = {
  background: 'none',
  border: 0,
  padding: 0,
  color: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  font: 'inherit',
} as const;
const VIEWS: View[] = ['open', 'approved', 'done'];
const money = (minor: number | null, currency: string | null, lang: string) =>
  formatMoney(minor === null ? null : toMajor(minor), currency, lang);

/** The claims work (ADR 088): the queue by deadline (overdue first, flagged), a claim's evidence, the decision, the payout. */
export function ClaimsWork({ branchId, admin }: { branchId: number | undefined; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useStaffClaimsQuery({ view, ...(admin && branchId ? { branch_id: branchId } : {}) });
  return (
    <section className={manage.panel} data-testid="claims-work">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:claims.title')}</h2>
        {q.data && <span className={manage.placeTag}>{q.data.length}</span>}
      </div>
      <div className={manage.actionsRow} role="tablist">
        {VIEWS.map((v) => (
          <Button
            key={v}
            size="sm"
            variant={v === view ? 'primary' : 'secondary'}
            onClick={() => setView(v)}
            data-testid={`claims-view-${v}`}
          >
            {t(`manage:claims.view.${v}`)}
          </Button>
        ))}
      </div>
      {q.error && <Alert kind="error">{errorText(q.error, t)}</Alert>}
      {q.data?.length === 0 && <p className={manage.muted}>{t('manage:claims.none')}</p>}
      <ul className={styles.rows} data-testid="claims-queue">
        {q.data?.map((c) => (
          <li key={c.id} className={styles.row} data-code={c.track_code} data-overdue={c.overdue || undefined}>
            <button
              type="button"
              className={styles.rowMain}
              style={ROW_BUTTON}
              onClick={() => setOpenId(openId === c.id ? null : c.id)}
              data-testid="claim-open"
            >
              <span className={styles.code}>{c.track_code}</span>
              <span className={styles.meta}>
                {t(`manage:claims.kind.${c.kind}`)} · {c.customer.name || '—'}
                {c.customer.client_code ? ` · ${c.customer.client_code}` : ''}
              </span>
              <span className={styles.meta}>
                {c.due
                  ? t(c.answered_at ? 'manage:claims.decide_by' : 'manage:claims.answer_by', { at: formatDateTime(c.due, i18n.language) })
                  : t(`manage:claims.state.${c.state}`)}
                {c.amount_approved !== null && ` · ${money(c.amount_approved, c.currency, i18n.language)}`}
              </span>
            </button>
            {c.overdue && (
              <span className={manage.placeTag} data-testid="claim-overdue">
                {t('manage:claims.overdue')}
              </span>
            )}
          </li>
        ))}
      </ul>
      {/* Outside the list: a decided claim leaves its view, and its panel stays open to pay it. */}
      {openId !== null && <ClaimPanel key={openId} id={openId} />}
    </section>
  );
}

function ClaimPanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useStaffClaimQuery(id);
  const [step, stepping] = useClaimStepMutation();
  const [amount, setAmount] = useState('');
  const [text, setText] = useState('');
  const [method, setMethod] = useState<TClaimPayoutMethod>('balance');
  const [problem, setProblem] = useState<string | null>(null);
  if (q.error) return <Alert kind="error">{errorText(q.error, t)}</Alert>;
  if (!q.data) return <p className={manage.muted}>…</p>;
  const c: TStaffClaim = q.data;
  const ev = c.evidence;
  const undecided = c.state === 'open' || c.state === 'in_review';
  const minor = amount.trim() ? parseAmount(amount) : null;
  const run = async (s: 'take' | 'message' | 'approve' | 'reject' | 'pay', body?: Parameters<typeof step>[0]['body']) => {
    setProblem(null);
    try {
      await step({ id, step: s, body }).unwrap();
      setText('');
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <div className={manage.panel} data-testid="claim-panel" data-state={c.state}>
      <p>{c.description}</p>
      <p className={manage.muted}>
        {t('manage:claims.weights', {
          china: formatWeight(ev.parcel.china_weight, lang),
          branch: ev.parcel.branch_weight === null ? '—' : formatWeight(ev.parcel.branch_weight, lang),
        })}
      </p>
      <p className={manage.muted} data-testid="claim-cap">
        {t(`manage:claims.cap_${ev.cap.basis}`, { cap: money(ev.cap.total, ev.cap.currency, lang) })}
        {ev.declaration &&
          ` · ${t('manage:claims.declared', { value: money(ev.declaration.declared_value, ev.declaration.currency, lang) })}`}
        {c.amount_claimed !== null && ` · ${t('manage:claims.asked', { amount: money(c.amount_claimed, c.currency, lang) })}`}
      </p>
      {ev.declaration && ev.declaration.items.length > 0 && (
        <ul className={manage.muted}>
          {ev.declaration.items.map((it, i) => (
            <li key={i}>
              {it.description} × {it.quantity} · {money(it.unit_price, it.currency, lang)}
            </li>
          ))}
        </ul>
      )}
      <div className={manage.actionsRow}>
        {[...c.photos.map((p) => ({ ...p, kind: 'claim' })), ...ev.parcel_photos].map((p) => (
          <a key={`${p.kind}-${p.id}`} href={p.url} target="_blank" rel="noreferrer" title={t(`manage:claims.photo.${p.kind}`)}>
            <img
              src={p.thumb_url}
              alt={t(`manage:claims.photo.${p.kind}`)}
              width={72}
              height={72}
              style={{ objectFit: 'cover', borderRadius: 6 }}
            />
          </a>
        ))}
      </div>
      <ul className={manage.muted}>
        {ev.timeline.map((e, i) => (
          <li key={`t${i}`}>
            {formatDateTime(e.at, lang)} · {t(`manage:action.${e.action}`, { defaultValue: e.action })}
          </li>
        ))}
        {c.events.map((e, i) => (
          <li key={`e${i}`}>
            {formatDateTime(e.at, lang)} · {t(`manage:claims.event.${e.action}`)}
            {e.by ? ` · ${e.by}` : ''}
            {e.text ? ` — ${e.text}` : ''}
            {e.amount !== null ? ` · ${money(e.amount, c.currency, lang)}` : ''}
          </li>
        ))}
      </ul>
      {undecided && (
        <>
          {c.state === 'open' && (
            <Button size="sm" onClick={() => void run('take')} loading={stepping.isLoading} data-testid="claim-take">
              {t('manage:claims.take')}
            </Button>
          )}
          <TextField label={t('manage:claims.text')} value={text} onChange={(e) => setText(e.target.value)} data-testid="claim-text" />
          <div className={manage.actionsRow}>
            <Button size="sm" variant="secondary" disabled={!text.trim()} onClick={() => void run('message', { text: text.trim() })}>
              {t('manage:claims.ask')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!text.trim()}
              onClick={() => void run('reject', { reason: text.trim() })}
              data-testid="claim-reject"
            >
              {t('manage:claims.reject')}
            </Button>
          </div>
          <TextField
            label={t('manage:claims.amount', { cap: money(ev.cap.total, ev.cap.currency, lang) })}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={
              minor !== null && minor > ev.cap.total
                ? t(c.may_exceed_cap ? 'manage:claims.over_cap_ok' : 'manage:claims.over_cap')
                : undefined
            }
            data-testid="claim-amount"
          />
          <Button
            size="sm"
            disabled={!minor || minor <= 0}
            onClick={() => void run('approve', { amount: minor! })}
            loading={stepping.isLoading}
            data-testid="claim-approve"
          >
            {t('manage:claims.approve')}
          </Button>
        </>
      )}
      {c.state === 'approved' && (
        <>
          <SelectField
            label={t('manage:claims.method')}
            value={method}
            onChange={(e) => setMethod(e.target.value as TClaimPayoutMethod)}
            data-testid="claim-method"
          >
            {CLAIM_PAYOUT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`manage:claims.methods.${m}`)}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => void run('pay', { method })} loading={stepping.isLoading} data-testid="claim-pay">
            {t('manage:claims.pay', { amount: money(c.amount_approved, c.currency, lang) })}
          </Button>
        </>
      )}
      {c.state === 'paid' && (
        <Alert kind="success">{t('manage:claims.paid', { method: t(`manage:claims.methods.${c.payout_method ?? 'balance'}`) })}</Alert>
      )}
      {c.state === 'rejected' && <Alert kind="info">{t('manage:claims.rejected', { reason: c.reject_reason ?? '' })}</Alert>}
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}
