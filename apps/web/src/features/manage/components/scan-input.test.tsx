import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n/i18n';
import { renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { ScanInput } from './scan-input';

describe('ScanInput (hand scanner as a keyboard)', () => {
  it('takes each code typed by the scanner with Enter, clears and keeps the focus for the next scan', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const scanned: string[] = [];
    const onScan = vi.fn(async (code: string) => {
      scanned.push(code);
      return 'ok' as const;
    });
    renderWithStore(<ScanInput label="Tracking code" onScan={onScan} testId="scan" />);
    const input = screen.getByTestId('scan');
    expect(document.activeElement).toBe(input);

    await userEvent.keyboard('YT123456789CN{Enter}');
    await waitFor(() => expect(scanned).toEqual(['YT123456789CN']));
    expect(input).toHaveProperty('value', '');
    expect(document.activeElement).toBe(input);

    await userEvent.keyboard('  sf0000011111 {Enter}{Enter}');
    await waitFor(() => expect(scanned).toEqual(['YT123456789CN', 'sf0000011111']));
    expect(document.activeElement).toBe(input);
  });

  it('says so when the browser cannot read codes with the camera', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    renderWithStore(<ScanInput label="Tracking code" onScan={async () => null} testId="scan" />);
    await userEvent.click(screen.getByTestId('scan-camera'));
    expect(await screen.findByText(/cannot read codes with the camera/)).toBeTruthy();
  });

  it('reads a code with the camera where the browser can (BarcodeDetector), then goes on as with a scan', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        async detect() {
          return [{ rawValue: 'QR1.camera-token' }];
        }
      },
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onScan = vi.fn(async () => 'ok' as const);
    renderWithStore(<ScanInput label="Customer" onScan={onScan} testId="scan" />);
    await userEvent.click(screen.getByTestId('scan-camera'));
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('QR1.camera-token'));
    await waitFor(() => expect(stop).toHaveBeenCalled());
    expect(document.activeElement).toBe(screen.getByTestId('scan'));
    play.mockRestore();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
});
