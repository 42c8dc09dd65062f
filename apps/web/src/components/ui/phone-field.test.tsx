import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render';
import { PhoneField, splitPhone } from './phone-field';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField label="Phone" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const DIALS = [
  { code: 'KZ', flag: '', phone_prefix: '+7', name: 'Kazakhstan' },
  { code: 'KG', flag: '', phone_prefix: '+996', name: 'Kyrgyzstan' },
];

describe('PhoneField', () => {
  it('a +996 number is never read as +7 while the countries are still loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderWithStore(<Harness initial="+996555123456" />);
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'KG');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555 123 457' } });
    expect(screen.getByTestId('value').textContent).toBe('+996555123457');
  });

  it('a pasted number of another country keeps its own prefix instead of sticking on the selected one', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderWithStore(<Harness />);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+998 90 123 45 67' } });
    expect(screen.getByTestId('value').textContent).toBe('+998901234567');
    // pasting a Kyrgyz number switches the prefix to Kyrgyzstan
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+996 555 123 456' } });
    expect(screen.getByTestId('value').textContent).toBe('+996555123456');
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'KG');
  });

  it('splits by the longest known prefix, and names no country for an unknown one', () => {
    expect(splitPhone('+996555123456', DIALS)).toEqual({ code: 'KG', digits: '555123456' });
    expect(splitPhone('+77010000001', DIALS)).toEqual({ code: 'KZ', digits: '7010000001' });
    expect(splitPhone('+998901234567', DIALS)).toEqual({ code: '', digits: '998901234567' });
  });
});
