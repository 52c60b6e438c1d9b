import { vi } from 'vitest';

/**
 * Resolves once the clock shows a later millisecond than now: what the server does next is
 * stamped later than what it did before (timestamps are ISO strings to the millisecond).
 */
export function nextMillisecond(): Promise<void> {
  const now = Date.now();
  return vi.waitFor(
    () => {
      if (Date.now() <= now) throw new Error('the clock has not moved on');
    },
    { interval: 1 },
  );
}
