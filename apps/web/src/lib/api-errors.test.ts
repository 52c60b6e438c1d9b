import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ApiError, NetworkError } from './api';
import { errorCodeOf, errorReason, errorText, fieldIssuesOf, hasErrorCode, loginErrorContext, mayRetry, showFieldIssues } from './api-errors';
import { errorContexts } from './error-contexts';

const offline = new NetworkError(new TypeError('Failed to fetch'));
const silent500 = new ApiError(500, undefined, undefined);
const linkInvalid = new ApiError(400, 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', 'TOKEN_INVALID');

describe('errorCodeOf', () => {
  it("reads the answer's stable code, and a status's code only when the answer names none", () => {
    expect(errorCodeOf(new ApiError(400, 'x', 'PASSWORD_TOO_WEAK'))).toBe('PASSWORD_TOO_WEAK');
    expect(errorCodeOf(new ApiError(404, undefined, undefined))).toBe('NOT_FOUND');
    expect(errorCodeOf(new ApiError(400, undefined, 'SOMETHING_NEW'))).toBe('BAD_REQUEST');
    expect(errorCodeOf(silent500)).toBeUndefined();
    expect(errorCodeOf(offline)).toBeUndefined();
    expect(hasErrorCode(new ApiError(502, 'x', 'MAIL_FAILED'), 'CONFLICT', 'MAIL_FAILED')).toBe(true);
  });

  it('retries only where no answer came or the server failed itself', () => {
    expect(mayRetry(offline)).toBe(true);
    expect(mayRetry(silent500)).toBe(true);
    expect(mayRetry(new ApiError(404, undefined, 'NOT_FOUND'))).toBe(false);
  });
});

describe('errorReason', () => {
  it("is the server's message, else the code's German text, and names the wait of a throttled answer", () => {
    expect(errorReason(new ApiError(403, 'Dafür fehlt Ihnen die Berechtigung.', 'FORBIDDEN'))).toBe('Dafür fehlt Ihnen die Berechtigung.');
    expect(errorReason(new ApiError(400, undefined, 'CURRENT_PASSWORD_WRONG'))).toBe('Das aktuelle Passwort ist falsch.');
    expect(errorReason(new ApiError(429, 'Zu viele Versuche.', 'TOO_MANY_ATTEMPTS', [], 240))).toBe(
      'Zu viele Versuche. Ein neuer Versuch ist in etwa 4 Minuten möglich.',
    );
    expect(errorReason(new ApiError(429, 'Zu viele Versuche.', 'TOO_MANY_ATTEMPTS', [], 30))).toBe(
      'Zu viele Versuche. Ein neuer Versuch ist in etwa einer Minute möglich.',
    );
    expect(errorReason(silent500)).toBeUndefined();
    expect(errorReason(offline)).toBeUndefined();
  });
});

describe('errorText: the texts of spec section 8', () => {
  it('login: a 401 is always the fixed text, others the server message or a generic one, no answer the prefixed reason', () => {
    const login = loginErrorContext;
    expect(errorText(new ApiError(401, 'anything', 'INVALID_CREDENTIALS'), login)).toBe('Benutzername oder Passwort ist falsch.');
    expect(errorText(new ApiError(401, undefined, undefined), login)).toBe('Benutzername oder Passwort ist falsch.');
    expect(errorText(new ApiError(400, 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.', 'VALIDATION_FAILED'), login)).toBe(
      'Der Benutzername darf nur Buchstaben und Ziffern enthalten.',
    );
    expect(errorText(silent500, login)).toBe('Ein Fehler ist aufgetreten.');
    expect(errorText(offline, login)).toBe('Netzwerkfehler oder unbekannter Fehler: Failed to fetch');
  });

  it.each([
    ['registration', errorContexts.register, 'Registrierung fehlgeschlagen.', 'Serverfehler! Bitte versuche es später erneut.'],
    ['forgot password', errorContexts.forgotPassword, 'Fehler beim Senden der E-Mail.', 'Netzwerkfehler oder unbekannter Fehler'],
    ['reset password', errorContexts.resetPassword, 'Fehler beim Zurücksetzen des Passworts.', 'Serverfehler! Bitte versuche es später erneut.'],
    ['create user (admin)', errorContexts.createArchitect, 'Fehler beim Erstellen', 'Netzwerkfehler'],
    ['add member', errorContexts.addMember, 'Fehler beim Hinzufügen', 'Netzwerkfehler'],
  ])("%s: the server's message, else its own text, else the no-answer text", (_name, context, failed, network) => {
    expect(errorText(linkInvalid, context)).toBe(linkInvalid.serverMessage);
    expect(errorText(silent500, context)).toBe(failed);
    expect(errorText(offline, context)).toBe(network);
  });

  it("customers: 'Fehler beim Erstellen des Benutzers' with the reason", () => {
    const context = errorContexts.createCustomer;
    expect(errorText(new ApiError(400, 'Dieser Benutzername kann nicht verwendet werden. Bitte wählen Sie einen anderen.', 'USERNAME_UNAVAILABLE'), context)).toBe(
      'Fehler beim Erstellen des Benutzers Dieser Benutzername kann nicht verwendet werden. Bitte wählen Sie einen anderen.',
    );
    expect(errorText(offline, context)).toBe('Fehler beim Erstellen des Benutzers (Netzwerkfehler)');
  });

  it("profile: 'Kein Profil gefunden' for a profile the server does not show, else the load text without a reason", () => {
    expect(errorText(new ApiError(404, 'Nicht gefunden.', 'NOT_FOUND'), errorContexts.loadProfile)).toBe('Kein Profil gefunden');
    expect(errorText(new ApiError(403, 'Dafür fehlt Ihnen die Berechtigung.', 'FORBIDDEN'), errorContexts.loadProfile)).toBe('Fehler beim Laden des Profils');
    expect(errorText(new ApiError(403, 'Dafür fehlt Ihnen die Berechtigung.', 'FORBIDDEN'), errorContexts.saveProfile)).toBe(
      'Fehler beim Speichern. Dafür fehlt Ihnen die Berechtigung.',
    );
  });

  it('questionnaire: a refused answer asks to check the inputs, a lost project says so, no answer names the connection', () => {
    const context = errorContexts.saveAnswers;
    expect(errorText(new ApiError(400, 'Die Eingaben sind ungültig.', 'VALIDATION_FAILED'), context)).toBe('Speichern fehlgeschlagen. Bitte prüfen Sie Ihre Eingaben.');
    expect(errorText(new ApiError(404, 'Nicht gefunden.', 'NOT_FOUND'), context)).toBe(
      'Speichern fehlgeschlagen. Dieses Projekt wurde nicht gefunden oder Sie haben keinen Zugriff darauf.',
    );
    expect(errorText(new ApiError(500, 'Ein interner Fehler ist aufgetreten.', 'INTERNAL_ERROR'), context)).toBe(
      'Speichern fehlgeschlagen. Ein interner Fehler ist aufgetreten.',
    );
    expect(errorText(offline, context)).toMatch(/Internetverbindung/);
  });

  it("upload: the server's reason, 'Upload fehlgeschlagen.' without one, the spec's type text, 'Ein Fehler ist aufgetreten.' without an answer", () => {
    const context = errorContexts.upload;
    expect(errorText(new ApiError(413, 'Die Datei ist zu groß. Erlaubt sind höchstens 100 MB.', 'PAYLOAD_TOO_LARGE'), context)).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 100 MB.',
    );
    expect(errorText(new ApiError(415, undefined, undefined), context)).toBe('Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.');
    expect(errorText(silent500, context)).toBe('Upload fehlgeschlagen.');
    expect(errorText(offline, context)).toBe('Ein Fehler ist aufgetreten.');
  });

  it('says only that it failed when the reasons already stand beside the fields', () => {
    const weak = new ApiError(400, 'Dieses Passwort ist zu leicht zu erraten.', 'PASSWORD_TOO_WEAK', [{ path: 'body/password', message: 'Dieses Passwort ist zu leicht zu erraten.' }]);
    expect(errorText(weak, errorContexts.register)).toBe('Dieses Passwort ist zu leicht zu erraten.');
    expect(errorText(weak, errorContexts.register, { fieldIssuesShown: true })).toBe('Registrierung fehlgeschlagen.');
  });
});

describe('fieldIssuesOf', () => {
  it("turns the server's body paths into form paths", () => {
    const error = new ApiError(400, 'Die Eingaben sind ungültig.', 'VALIDATION_FAILED', [
      { path: 'body/roof/roofType', message: 'Invalid option' },
      { path: 'body/constructionYear', message: 'Year must be at least 1300.' },
      { path: 'body', message: 'Expected object, received null' },
      { path: 'query/token', message: 'Ungültig' },
    ]);
    expect(fieldIssuesOf(error)).toEqual([
      { field: 'roof.roofType', message: 'Invalid option' },
      { field: 'constructionYear', message: 'Year must be at least 1300.' },
    ]);
    expect(fieldIssuesOf(offline)).toEqual([]);
  });
});

describe('showFieldIssues', () => {
  const formOf = (defaultValues: FieldValues) => renderHook(() => useForm<FieldValues>({ defaultValues })).result.current;
  const messageOf = (form: UseFormReturn, name: string) => form.getFieldState(name).error?.message;

  it("places each message beside the form's field, renamed where the form names it differently, skipping unknown fields", () => {
    const form = formOf({ city: 'Graz', email: 'x', address: { street: '' } });
    const error = new ApiError(400, 'Die Eingaben sind ungültig.', 'VALIDATION_FAILED', [
      { path: 'body/address/city', message: 'Bitte füllen Sie dieses Feld aus.' },
      { path: 'body/address/street', message: 'Höchstens 200 Zeichen.' },
      { path: 'body/unknown', message: 'Unbekanntes Feld: unknown' },
    ]);
    act(() => expect(showFieldIssues(error, form, { rename: { 'address.city': 'city' } })).toBe(true));
    expect(messageOf(form, 'city')).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(messageOf(form, 'address.street')).toBe('Höchstens 200 Zeichen.');
    expect(messageOf(form, 'unknown')).toBeUndefined();
    expect(messageOf(form, 'email')).toBeUndefined();
  });

  it('places a code on its field when the answer lists no issues, and nothing for other errors', () => {
    const form = formOf({ currentPassword: '' });
    const byCode = { CURRENT_PASSWORD_WRONG: 'currentPassword' } as const;
    act(() => expect(showFieldIssues(offline, form, { byCode })).toBe(false));
    expect(messageOf(form, 'currentPassword')).toBeUndefined();
    act(() => expect(showFieldIssues(new ApiError(400, 'Das aktuelle Passwort ist falsch.', 'CURRENT_PASSWORD_WRONG'), form, { byCode })).toBe(true));
    expect(messageOf(form, 'currentPassword')).toBe('Das aktuelle Passwort ist falsch.');
  });
});
