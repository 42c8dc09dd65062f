import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@portal/contract/common/format';
import { renderWithStore } from '../../test/render';
import { ReceiptView } from './receipt-view';
import { payment, receipt } from '../../test/receipt';

describe('ReceiptView: the money adds up', () => {
  it('a line charged by volume reads chargeable kg × tariff = price, and says why', () => {
    renderWithStore(<ReceiptView receipt={receipt()} />);
    const weights = screen.getAllByTestId('receipt-item-weight');
    // 4 kg × 1 890 = 7 560 (not 2,35 × 1 890): the chargeable weight stands in the weight column.
    expect(weights.map((w) => w.textContent)).toEqual(['4', '1']);
    const why = screen.getAllByTestId('receipt-item-why');
    expect(why).toHaveLength(1);
    expect(why[0]!.textContent).toMatch(/^charged by volume: 40×30×20 cm → 4 kg · actual 2[.,]35 kg$/);
    // The total weight is what was charged: 4 + 1.
    expect(screen.getByText('5', { selector: 'tfoot td' })).toBeTruthy();
  });

  it('a visit that repaid debt shows a "debt repaid" line, so total + debt repaid = paid', () => {
    renderWithStore(<ReceiptView receipt={receipt()} />);
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    const en = (n: number) => formatMoney(n, 'KZT', 'en').replace(/\s/g, ' ');
    expect(screen.getByText('Debt repaid')).toBeTruthy();
    expect(text('receipt-total')).toBe(en(9450));
    expect(text('receipt-debt-repaid')).toBe(en(3421.5));
    expect(text('receipt-paid')).toBe(en(12871.5));
  });

  it('no debt repaid, no line', () => {
    const old = receipt({ debt_repaid: 0, paid: 945_000, payments: [payment(945_000)] });
    renderWithStore(<ReceiptView receipt={old} />);
    expect(screen.queryByTestId('receipt-debt-repaid')).toBeNull();
  });
});

describe('ReceiptView: paid online', () => {
  it('names the provider and its reference of an online payment (ADR 077)', () => {
    const online = { ...payment(945_000), method: 'online' as const, staff: null, provider: 'kaspi' as const, provider_ref: 'QR-778812' };
    renderWithStore(<ReceiptView receipt={receipt({ payments: [online] })} />);
    expect(screen.getByTestId('receipt-online-ref').textContent).toBe(' (Kaspi · ref QR-778812)');
    expect(screen.getByTestId('receipt-payments').textContent).toContain('Online');
  });
});

describe('ReceiptView: insurance (ADR 090)', () => {
  it('prints a line per insured parcel with the declared value it covers, and the total includes it', () => {
    const base = receipt();
    const insured = receipt({
      items: [{ ...base.items[0]!, insurance: 1350, declared_value: 45_000, declared_currency: 'KZT' }, base.items[1]!],
      total: 10_800,
      total_minor: 1_080_000,
    });
    renderWithStore(<ReceiptView receipt={insured} />);
    const en = (n: number) => formatMoney(n, 'KZT', 'en').replace(/\s/g, ' ');
    const lines = screen.getAllByTestId('receipt-insurance');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.textContent?.replace(/\s/g, ' ')).toBe(`Insurance YT001Declared value ${en(45_000)}${en(1350)}`);
    expect(screen.getByTestId('receipt-total').textContent?.replace(/\s/g, ' ')).toBe(en(10_800));
  });

  it('no insured parcel, no insurance line', () => {
    renderWithStore(<ReceiptView receipt={receipt()} />);
    expect(screen.queryByTestId('receipt-insurance')).toBeNull();
  });
});
