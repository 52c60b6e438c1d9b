import { describe, expect, it } from 'vitest';
import { oneDecimalText, percentText, plainNumberText, wholeNumberText } from './number-text';

describe('wholeNumberText', () => {
  it('writes counts as Intl does for de-AT', () => {
    const intl = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 0 });
    for (const value of [0, 7, 42, 999, 1000, 12345, 500_000, 1_234_567, -1234, 2.4, 2.6]) {
      expect(wholeNumberText(value)).toBe(intl.format(value));
    }
  });
});

describe('oneDecimalText', () => {
  it('writes at most one decimal as Intl does for de-AT, halves rounded up as their decimal form reads', () => {
    const intl = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 1 });
    for (const value of [0, 1, 1.04, 1.05, 1.15, 1.25, 1.45, 2.35, 2.675, 9.94, 9.96, 1023.6, 12345.65, -1.25]) {
      expect(oneDecimalText(value)).toBe(intl.format(value));
    }
  });

  it('matches Intl for every file size of whole kilobytes up to 10 MB, as the file tiles show them', () => {
    const intl = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 1 });
    for (let kilobytes = 1; kilobytes <= 10 * 1024; kilobytes += 1) {
      const megabytes = kilobytes / 1024;
      expect(oneDecimalText(megabytes)).toBe(intl.format(megabytes));
    }
  });
});

describe('plainNumberText', () => {
  it('writes numbers as typed into a form as Intl does for de-AT without grouping: years, areas, decimals', () => {
    const intl = new Intl.NumberFormat('de-AT', { useGrouping: false });
    for (const value of [0, 3, 1978, 12345, 12.75, 0.5, 1.0005, 1.2345, 99.9999, 2.675, -4.5, 1e-7, 1e21, 123456789.125]) {
      expect(plainNumberText(value)).toBe(intl.format(value));
    }
  });
});

describe('percentText', () => {
  it('writes whole percent as Intl does for de-AT', () => {
    const intl = new Intl.NumberFormat('de-AT', { style: 'percent', maximumFractionDigits: 0 });
    for (const percent of [0, 5, 45, 99, 100]) expect(percentText(percent)).toBe(intl.format(percent / 100));
  });
});
