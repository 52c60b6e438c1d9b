import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/tokens';
import { decodeTokenPayload, userFromToken } from './token';

afterEach(() => vi.restoreAllMocks());

describe('userFromToken', () => {
  it('reads username from sub and joins the roles with ", "', () => {
    const token = fakeToken({ sub: 'mara', roles: ['ARCHI', 'ADMIN'] });
    expect(userFromToken(token)).toEqual({ username: 'mara', roles: ['ARCHI', 'ADMIN'], roleText: 'ARCHI, ADMIN', token });
  });

  it("falls back to 'Gast' and 'Keine Rolle'", () => {
    const user = userFromToken(fakeToken({}));
    expect(user?.username).toBe('Gast');
    expect(user?.roleText).toBe('Keine Rolle');
    expect(user?.roles).toEqual([]);
  });

  it('decodes non-ASCII payloads', () => {
    expect(userFromToken(fakeToken({ sub: 'Jürgen', roles: [] }))?.username).toBe('Jürgen');
  });

  it("logs and yields no user for a token without a second segment ('Ungültiges Token-Format')", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(userFromToken('nurEinTeil')).toBeNull();
    expect(String(log.mock.calls[0]?.[1])).toContain('Ungültiges Token-Format');
    expect(() => decodeTokenPayload('nurEinTeil')).toThrow('Ungültiges Token-Format');
  });

  it('logs and yields no user for a payload that is not JSON', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(userFromToken('a.bm90IGpzb24.c')).toBeNull();
  });
});
