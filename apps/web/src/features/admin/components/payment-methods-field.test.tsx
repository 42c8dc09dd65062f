import { describe, expect, it } from 'vitest';
import { methodsShown, toggleMethod } from './payment-methods-field';

describe('payment methods on the branch form', () => {
  it('turns a method on or off, keeping the order the counter offers them in', () => {
    expect(toggleMethod(['cash', 'transfer'], 'elsom')).toEqual(['cash', 'transfer', 'elsom']);
    expect(toggleMethod(['mbank', 'cash'], 'card')).toEqual(['cash', 'card', 'mbank']);
    expect(toggleMethod(['cash', 'kaspi_qr'], 'kaspi_qr')).toEqual(['cash']);
  });

  it('shows the country’s defaults until the admin chooses', () => {
    expect(methodsShown(null, 'KG')).toEqual(['cash', 'card', 'elsom', 'mbank', 'transfer']);
    expect(methodsShown(null, 'KZ')).toEqual(['cash', 'card', 'kaspi_qr', 'transfer']);
    expect(methodsShown(['cash'], 'KZ')).toEqual(['cash']);
  });
});
