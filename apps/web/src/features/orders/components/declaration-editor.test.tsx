import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { insurancePremiumMinor, type TInsuranceTermsView } from '@portal/contract';
import { ItemLinesEditor } from '../../../components/declarations/item-lines-editor';
import { draftTotals, emptyLine, linkState, parseLines, type DraftLine } from '../../../components/declarations/item-lines-model';
import { renderWithStore } from '../../../test/render';
import { insuranceQuote } from './declaration-editor';

const line = (over: Partial<DraftLine> = {}): DraftLine => ({
  ...emptyLine(),
  description: 'Shoes',
  quantity: '2',
  price: '125.50',
  currency: 'CNY',
  ...over,
});

function Harness({ initial }: { initial: DraftLine[] }) {
  const [lines, setLines] = useState(initial);
  return <ItemLinesEditor lines={lines} onChange={setLines} />;
}

describe('item lines: totals', () => {
  it('sums quantity × price per currency, in minor units', () => {
    expect(draftTotals([line(), line({ quantity: '1', price: '0.10' }), line({ currency: 'USD', price: '3', quantity: '3' })])).toEqual([
      { currency: 'CNY', amount: 25_110 },
      { currency: 'USD', amount: 900 },
    ]);
    // 0.1 + 0.2 style drift cannot happen: amounts are parsed on their digits.
    expect(draftTotals([line({ quantity: '1', price: '0.1' }), line({ quantity: '1', price: '0.2' })])).toEqual([
      { currency: 'CNY', amount: 30 },
    ]);
  });

  it('the editor shows a total per currency as lines are typed and added', () => {
    renderWithStore(<Harness initial={[line()]} />);
    expect(screen.getByTestId('decl-totals').textContent).toMatch(/251/);
    fireEvent.click(screen.getByTestId('decl-add'));
    const rows = screen.getAllByTestId('decl-line');
    expect(rows).toHaveLength(2);
    // A new line starts in the last line's currency.
    expect((within(rows[1]!).getByTestId('decl-currency') as HTMLSelectElement).value).toBe('CNY');
    fireEvent.change(within(rows[1]!).getByTestId('decl-currency'), { target: { value: 'USD' } });
    fireEvent.change(within(rows[1]!).getByTestId('decl-price'), { target: { value: '10' } });
    const totals = screen.getByTestId('decl-totals').querySelectorAll('strong');
    expect(totals).toHaveLength(2);
    expect(totals[1]!.textContent).toMatch(/^10\D/); // a new line has quantity 1
  });
});

describe('item lines: validation (the contract rule)', () => {
  it('refuses control characters, a bad price, quantity 0, a long order number; drops blank lines', () => {
    const r = parseLines([
      line({ description: 'a\u0007b' }),
      line({ price: '1,2,3' }),
      line({ quantity: '0' }),
      emptyLine(),
      line({ marketplace_order: 'x'.repeat(65) }),
    ]);
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatchObject({ description: 'validation.invalid_characters' });
    expect(r.errors[1]).toHaveProperty('price');
    expect(r.errors[2]).toHaveProperty('quantity');
    expect(r.errors[3]).toBeUndefined();
    expect(r.errors[4]).toMatchObject({ marketplace_order: 'validation.too_long' });
    const ok = parseLines([line({ url: 'https://item.taobao.com/item.htm?id=1' }), emptyLine()]);
    expect(ok.ok).toBe(true);
    expect(ok.items).toEqual([
      {
        description: 'Shoes',
        quantity: 2,
        unit_price: 12_550,
        currency: 'CNY',
        url: 'https://item.taobao.com/item.htm?id=1',
        marketplace_order: null,
      },
    ]);
  });

  it('checks the link as it is typed', () => {
    expect(linkState('')).toBe('none');
    expect(linkState('https://detail.1688.com/offer/1.html')).toBe('ok');
    expect(linkState('javascript:alert(1)')).toBe('bad');
    expect(linkState('taobao.com/item')).toBe('bad');
    renderWithStore(<Harness initial={[line({ url: 'ftp://x' })]} />);
    expect(screen.getByRole('alert').textContent).toMatch(/http/);
  });

  it('stops adding lines at 50', () => {
    renderWithStore(<Harness initial={Array.from({ length: 50 }, () => line())} />);
    expect((screen.getByTestId('decl-add') as HTMLButtonElement).disabled).toBe(true);
  }, 30_000); // 50 lines of six fields: slow to render on a busy machine
});

describe('insurance quote (live, THE contract rule)', () => {
  const terms: TInsuranceTermsView = {
    currency: 'KZT',
    rate_bp: 300,
    min_premium: 100_000,
    max_value: 100_000_000,
    uninsured_per_kg: 200_000,
    uninsured_limit: null,
    weight_kg: null,
  };
  it('is the premium of the typed value, the minimum for small values', () => {
    expect(insuranceQuote('80000', terms)).toEqual({
      kind: 'premium',
      value: 8_000_000,
      premium: insurancePremiumMinor(8_000_000, { rateBp: 300, minPremium: 100_000 }, 'KZT'),
    });
    expect(insuranceQuote('500', terms)).toMatchObject({ premium: 100_000 });
  });
  it('says why not: no value, above the cap, not an amount, no branch', () => {
    expect(insuranceQuote('', terms).kind).toBe('needs_value');
    expect(insuranceQuote('0', terms).kind).toBe('needs_value');
    expect(insuranceQuote('1000000.01', terms).kind).toBe('above_cap');
    expect(insuranceQuote('12abc', terms).kind).toBe('invalid');
    expect(insuranceQuote('100', null).kind).toBe('no_branch');
  });
});
