import { describe, expect, it } from 'vitest';
import { percentText, wholeNumberText } from './number-text';

describe('wholeNumberText', () => {
  it('writes counts as Intl does for de-AT', () => {
    const intl = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 0 });
    for (const value of [0, 7, 42, 999, 1000, 12345, 500_000, 1_234_567, -1234, 2.4, 2.6]) {
      expect(wholeNumberText(value)).toBe(intl.format(value));
    }
  });
});

describe('percentText', () => {
  it('writes whole percent as Intl does for de-AT', () => {
    const intl = new Intl.NumberFormat('de-AT', { style: 'percent', maximumFractionDigits: 0 });
    for (const percent of [0, 5, 45, 99, 100]) expect(percentText(percent)).toBe(intl.format(percent / 100));
  });
});
