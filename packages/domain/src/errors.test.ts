import { describe, expect, it } from 'vitest';
import { errorCodes, errorStatus } from './errors';

describe('error statuses', () => {
  it('gives every code exactly one HTTP error status, and names no code that does not exist', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      expect(Number.isInteger(errorStatus[code])).toBe(true);
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
    }
  });

  it('keeps the statuses clients know for the common codes', () => {
    expect(errorStatus).toMatchObject({
      VALIDATION_FAILED: 400,
      UNAUTHENTICATED: 401,
      SESSION_REVOKED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      TOO_MANY_ATTEMPTS: 429,
      INTERNAL_ERROR: 500,
      SERVICE_UNAVAILABLE: 503,
      EXPORT_ABORTED: 503,
      EXPORT_FAILED: 500,
    });
  });
});
