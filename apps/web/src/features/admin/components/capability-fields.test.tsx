import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCapability } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { renderWithStore } from '../../../test/render';
import en from '../locales/en/admin.json';
import { CapabilityFields } from './capability-fields';

beforeEach(() => {
  i18next.addResourceBundle('en', 'admin', en, true, true);
});

function Harness({ onChange }: { onChange: (v: TCapability[]) => void }) {
  const [value, setValue] = useState<TCapability[]>(['reports', 'exports']);
  return (
    <CapabilityFields
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('CapabilityFields', () => {
  it('lists every capability with its explanation, checked as granted, and toggles in the contract order', async () => {
    const onChange = vi.fn();
    renderWithStore(<Harness onChange={onChange} />);
    expect(screen.getByText('Correct the weight, dimensions or price of a parcel waiting at their branch.')).toBeTruthy();
    expect((screen.getByTestId('capability-reports') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('capability-undo') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByLabelText(/Undo a hand-over/));
    expect(onChange).toHaveBeenLastCalledWith(['undo', 'exports', 'reports']);
    await userEvent.click(screen.getByTestId('capability-exports'));
    expect(onChange).toHaveBeenLastCalledWith(['undo', 'reports']);
  });
});
