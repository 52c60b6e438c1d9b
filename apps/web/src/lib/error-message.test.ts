import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api';
import { errorMessage, withServerDetail } from './error-message';

const texts = { failed: 'Fehler beim Erstellen', network: 'Netzwerkfehler' };

describe('errorMessage', () => {
  it("prefers the server's German message", () => {
    expect(errorMessage(new ApiError(409, 'Dieser Benutzername ist bereits vergeben.', 'CONFLICT'), texts)).toBe('Dieser Benutzername ist bereits vergeben.');
  });

  it('falls back to the fixed text when the server sent none', () => {
    expect(errorMessage(new ApiError(500, undefined, undefined), texts)).toBe('Fehler beim Erstellen');
  });

  it('uses the network text when there was no answer', () => {
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')), texts)).toBe('Netzwerkfehler');
  });
});

describe('withServerDetail', () => {
  it("appends the server's reason to the spec text, or leaves the text alone", () => {
    expect(withServerDetail('Fehler beim Löschen', new ApiError(409, 'Der letzte Administrator kann nicht gelöscht werden.', 'CONFLICT'))).toBe(
      'Fehler beim Löschen Der letzte Administrator kann nicht gelöscht werden.',
    );
    expect(withServerDetail('Fehler beim Löschen', new NetworkError('offline'))).toBe('Fehler beim Löschen');
  });
});
