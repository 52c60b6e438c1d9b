import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { addMemberErrorMessage, createUserErrorMessage } from './admin-errors';

describe('admin error messages (spec section 8)', () => {
  it("create user: the server's text, else 'Fehler beim Erstellen', else 'Netzwerkfehler'", () => {
    expect(createUserErrorMessage(new ApiError(409, 'Dieser Benutzername ist bereits vergeben.', 'CONFLICT'))).toBe('Dieser Benutzername ist bereits vergeben.');
    expect(createUserErrorMessage(new ApiError(500, undefined, undefined))).toBe('Fehler beim Erstellen');
    expect(createUserErrorMessage(new NetworkError('offline'))).toBe('Netzwerkfehler');
  });

  it("add member: the server's text, else 'Fehler beim Hinzufügen', else 'Netzwerkfehler'", () => {
    expect(addMemberErrorMessage(new ApiError(409, 'Dieser Benutzer ist bereits Mitglied des Teams.', 'CONFLICT'))).toBe('Dieser Benutzer ist bereits Mitglied des Teams.');
    expect(addMemberErrorMessage(new ApiError(502, undefined, undefined))).toBe('Fehler beim Hinzufügen');
    expect(addMemberErrorMessage(new NetworkError('offline'))).toBe('Netzwerkfehler');
  });
});
