import { describe, expect, it } from 'vitest';
import { onFirstUse } from './first-use';

describe('onFirstUse', () => {
  it('builds the value on the first call only and then hands out the same one', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ build: ++builds }));
    expect(builds).toBe(0);
    expect(value()).toBe(value());
    expect(builds).toBe(1);
  });
});
