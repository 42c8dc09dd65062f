import { useTranslation } from 'react-i18next';
import {
  DECLARATION_CURRENCIES,
  ITEM_DESCRIPTION_MAX,
  MARKETPLACE_ORDER_MAX,
  ITEM_URL_MAX,
  MAX_DECLARATION_ITEMS,
  toMajor,
} from '@portal/contract';
import { currentLang, formatMoney } from '../../lib/content/format';
import { translateFieldMessage } from '../../lib/api/errors';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { makeIcon } from '../ui/icons';
import { draftTotals, emptyLine, linkState, type DraftLine, type LineErrors } from './item-lines-model';
import styles from './item-lines.module.css';

const PlusIcon = makeIcon(<path d="M12 5v14M5 12h14" />);
const RemoveIcon = makeIcon(<path d="M6 6l12 12M18 6 6 18" />);

/** Money in minor units in the current language (one formatter). */
export function useMinorMoney() {
  const { i18n } = useTranslation();
  const lang = currentLang(i18n);
  return (minor: number, currency: string | null) => formatMoney(toMajor(minor), currency ?? '', lang);
}

interface Props {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  errors?: LineErrors;
  readOnly?: boolean;
  /** The currency a new line starts in (the last line's, else this). */
  defaultCurrency?: string;
  /** For ids and test ids when two editors share a page. */
  idPrefix?: string;
}

/**
 * The item lines of a declaration (issue 36): what is inside, one line each — description, quantity, unit price and
 * its currency, the marketplace link (checked as typed) and order number — with the totals per currency. Used by the
 * customer (saving a code, the parcel page) and by the warehouse at receipt.
 */
export function ItemLinesEditor({ lines, onChange, errors = {}, readOnly = false, defaultCurrency, idPrefix = 'decl' }: Props) {
  const { t } = useTranslation();
  const money = useMinorMoney();
  const totals = draftTotals(lines);
  const set = (i: number, patch: Partial<DraftLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const add = () => onChange([...lines, emptyLine(lines.at(-1)?.currency ?? defaultCurrency)]);
  const remove = (i: number) => onChange(lines.filter((_, j) => j !== i));
  const err = (i: number, f: keyof LineErrors[number]) => translateFieldMessage(errors[i]?.[f], t);

  if (readOnly)
    return (
      <div className={styles.lines} data-testid={`${idPrefix}-lines`}>
        {lines.length === 0 ? (
          <p className={styles.muted}>{t('declarations:no_items')}</p>
        ) : (
          <ul className={styles.readList}>
            {lines.map((l) => (
              <li key={l.key} className={styles.readItem}>
                <span className={styles.readDesc}>{l.description}</span>
                <span className={styles.muted}>
                  {t('declarations:qty_price', { quantity: l.quantity, price: l.price, currency: l.currency })}
                </span>
                {l.url && linkState(l.url) === 'ok' && (
                  <a href={l.url} target="_blank" rel="noreferrer noopener" className={styles.link}>
                    {t('declarations:open_link')}
                  </a>
                )}
                {l.marketplace_order && <span className={styles.muted}>{t('declarations:order_no', { value: l.marketplace_order })}</span>}
              </li>
            ))}
          </ul>
        )}
        <Totals totals={totals} money={money} />
      </div>
    );

  return (
    <div className={styles.lines} data-testid={`${idPrefix}-lines`}>
      {lines.map((l, i) => {
        const link = linkState(l.url);
        return (
          <fieldset key={l.key} className={styles.line} data-testid={`${idPrefix}-line`}>
            <legend className={styles.legend}>
              {t('declarations:line_n', { n: i + 1 })}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove(i)}
                aria-label={t('declarations:remove_line', { n: i + 1 })}
                data-testid={`${idPrefix}-remove`}
              >
                <RemoveIcon size={16} />
              </Button>
            </legend>
            <TextField
              className={styles.desc}
              label={t('declarations:description')}
              placeholder={t('declarations:description_placeholder')}
              value={l.description}
              maxLength={ITEM_DESCRIPTION_MAX}
              onChange={(e) => set(i, { description: e.target.value })}
              error={err(i, 'description')}
              data-testid={`${idPrefix}-description`}
            />
            <div className={styles.row3}>
              <TextField
                label={t('declarations:quantity')}
                inputMode="numeric"
                value={l.quantity}
                maxLength={4}
                onChange={(e) => set(i, { quantity: e.target.value })}
                error={err(i, 'quantity')}
                data-testid={`${idPrefix}-quantity`}
              />
              <TextField
                label={t('declarations:unit_price')}
                inputMode="decimal"
                value={l.price}
                maxLength={16}
                onChange={(e) => set(i, { price: e.target.value })}
                error={err(i, 'price')}
                data-testid={`${idPrefix}-price`}
              />
              <SelectField
                label={t('declarations:currency')}
                value={l.currency}
                onChange={(e) => set(i, { currency: e.target.value })}
                error={err(i, 'currency')}
                data-testid={`${idPrefix}-currency`}
              >
                {DECLARATION_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className={styles.row2}>
              <TextField
                label={t('declarations:url')}
                placeholder="https://"
                inputMode="url"
                value={l.url}
                maxLength={ITEM_URL_MAX}
                onChange={(e) => set(i, { url: e.target.value })}
                error={err(i, 'url') ?? (link === 'bad' ? t('declarations:link_bad') : undefined)}
                hint={link === 'ok' ? t('declarations:link_ok') : undefined}
                data-testid={`${idPrefix}-url`}
              />
              <TextField
                label={t('declarations:marketplace_order')}
                value={l.marketplace_order}
                maxLength={MARKETPLACE_ORDER_MAX}
                onChange={(e) => set(i, { marketplace_order: e.target.value })}
                error={err(i, 'marketplace_order')}
                data-testid={`${idPrefix}-order`}
              />
            </div>
          </fieldset>
        );
      })}
      <div className={styles.footer}>
        <Button
          variant="secondary"
          size="sm"
          onClick={add}
          disabled={lines.length >= MAX_DECLARATION_ITEMS}
          data-testid={`${idPrefix}-add`}
        >
          <PlusIcon size={16} />
          {t('declarations:add_line')}
        </Button>
        {lines.length >= MAX_DECLARATION_ITEMS && (
          <span className={styles.muted}>{t('declarations:max_lines', { max: MAX_DECLARATION_ITEMS })}</span>
        )}
      </div>
      <Totals totals={totals} money={money} />
    </div>
  );
}

function Totals({ totals, money }: { totals: { currency: string; amount: number }[]; money: (minor: number, c: string) => string }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <p className={styles.totals} data-testid="decl-totals">
      <span className={styles.muted}>{t('declarations:total')}</span>{' '}
      {totals.map((x) => (
        <strong key={x.currency} className={styles.total}>
          {money(x.amount, x.currency)}
        </strong>
      ))}
    </p>
  );
}
