import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput label="Code" value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const cells = () => screen.getAllByRole('textbox');

describe('CodeInput', () => {
  it('has six numeric cells, the first one offered to SMS autofill', () => {
    render(<Harness onComplete={() => undefined} />);
    expect(cells()).toHaveLength(6);
    expect(cells()[0]!.getAttribute('autocomplete')).toBe('one-time-code');
    expect(cells()[1]!.getAttribute('autocomplete')).toBe('off');
    expect(cells().every((c) => c.getAttribute('inputmode') === 'numeric')).toBe(true);
  });

  it('fills every cell from a pasted code and reports it complete', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(cells()[2]!, { clipboardData: { getData: () => ' 482-913 ' } });
    expect(
      cells()
        .map((c) => (c as HTMLInputElement).value)
        .join(''),
    ).toBe('482913');
    expect(screen.getByTestId('value').textContent).toBe('482913');
    expect(onComplete).toHaveBeenCalledWith('482913');
  });

  it('takes an autofilled code put into one cell', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(cells()[0]!, { target: { value: '135790' } });
    expect(screen.getByTestId('value').textContent).toBe('135790');
    expect(onComplete).toHaveBeenCalledWith('135790');
  });

  it('moves forward while typing, ignores letters, and goes back on Backspace', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(cells()[0]!);
    await user.keyboard('1a2');
    expect(screen.getByTestId('value').textContent).toBe('12');
    expect(document.activeElement).toBe(cells()[2]);
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('value').textContent).toBe('1');
    expect(document.activeElement).toBe(cells()[1]);
    await user.keyboard('23456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('typing over a partly filled code keeps every other digit in its cell; the same digit moves on', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(cells()[0]!, { clipboardData: { getData: () => '123456' } });
    onComplete.mockClear();
    // empty the third cell: the digits after it stay put
    await user.click(cells()[2]!);
    await user.keyboard('{Backspace}');
    expect(cells().map((c) => (c as HTMLInputElement).value)).toEqual(['1', '2', '', '4', '5', '6']);
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('7');
    expect(screen.getByTestId('value').textContent).toBe('127456');
    expect(onComplete).toHaveBeenCalledWith('127456');
    // over a filled cell: replaced, and the caret moves on, also with the digit it already holds
    await user.click(cells()[0]!);
    await user.keyboard('9');
    expect(document.activeElement).toBe(cells()[1]);
    await user.keyboard('2');
    expect(document.activeElement).toBe(cells()[2]);
    expect(screen.getByTestId('value').textContent).toBe('927456');
  });
});
