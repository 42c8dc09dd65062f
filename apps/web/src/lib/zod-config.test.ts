import { describe, expect, it, vi } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('never compiles schemas with new Function (the CSP forbids eval)', () => {
    expect(z.config().jitless).toBe(true);
    const made = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ phone_number: z.string(), password: z.string().min(1) });
    expect(schema.safeParse({ phone_number: '+77010000001', password: 'x' }).success).toBe(true);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});
