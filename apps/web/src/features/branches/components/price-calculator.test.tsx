import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../../test/render';
import { parseWeight, PriceCalculator } from './price-calculator';

describe('price calculator', () => {
  it('reads weights with a comma or a dot, and refuses the rest', () => {
    expect(parseWeight('2,5')).toBe(2.5);
    expect(parseWeight(' 0.125 ')).toBe(0.125);
    expect(parseWeight('1000')).toBe(1000);
    for (const bad of ['', '0', '-1', 'abc', '1e3', '1001', '1,2,3', '.']) expect(parseWeight(bad)).toBeNull();
  });

  it('multiplies the weight by the tariff, in the branch currency', () => {
    renderWithStore(<PriceCalculator branch={{ tariff: 1890, currency: 'KZT' }} />);
    const input = screen.getByLabelText('Parcel weight');
    fireEvent.change(input, { target: { value: '2,5' } });
    expect(screen.getByTestId('price-total').textContent?.replace(/\s/g, ' ')).toBe('4,725 ₸');
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a weight above 0 and up to 1,000 kg');
    expect(screen.getByTestId('price-total').textContent).toBe('—');
  });

  it('takes dimensions: a large light parcel costs its volumetric weight (L × W × H / 6000)', () => {
    renderWithStore(<PriceCalculator branch={{ tariff: 1890, currency: 'KZT' }} />);
    fireEvent.change(screen.getByLabelText('Parcel weight'), { target: { value: '2,35' } });
    fireEvent.change(screen.getByTestId('calc-length'), { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('calc-width'), { target: { value: '40' } });
    expect(screen.queryByTestId('calc-volumetric')).toBeNull();
    // 2.35 × 1 890 = 4 441,5 ₸: tenge are charged whole, half up (ADR 072).
    expect(screen.getByTestId('price-total').textContent?.replace(/\s/g, ' ')).toBe('4,442 ₸');
    fireEvent.change(screen.getByTestId('calc-height'), { target: { value: '30' } });
    expect(screen.getByTestId('calc-volumetric').textContent).toBe('Volumetric weight: 12 kg (L × W × H / 6000)');
    expect(screen.getByTestId('price-total').textContent?.replace(/\s/g, ' ')).toBe('22,680 ₸');
    fireEvent.change(screen.getByLabelText('Parcel weight'), { target: { value: '15' } });
    expect(screen.getByTestId('price-total').textContent?.replace(/\s/g, ' ')).toBe('28,350 ₸');
  });

  it('shows som for Kyrgyz branches', () => {
    renderWithStore(<PriceCalculator branch={{ tariff: 390, currency: 'KGS' }} />);
    fireEvent.change(screen.getByLabelText('Parcel weight'), { target: { value: '3' } });
    expect(screen.getByTestId('price-total').textContent).toBe('1,170\u00a0som');
    // 0.55 × 390 = 214,5 som → 215 som (whole som, half up).
    fireEvent.change(screen.getByLabelText('Parcel weight'), { target: { value: '0,55' } });
    expect(screen.getByTestId('price-total').textContent).toBe('215\u00a0som');
  });

  it('keeps 2 decimals in a currency without a whole-unit rule', () => {
    renderWithStore(<PriceCalculator branch={{ tariff: 10, currency: 'USD' }} />);
    fireEvent.change(screen.getByLabelText('Parcel weight'), { target: { value: '0,125' } });
    expect(screen.getByTestId('price-total').textContent?.replace(/\s/g, ' ')).toMatch(/1\.25/);
  });
});
