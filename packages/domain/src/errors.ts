import { z } from 'zod';

/** Stable machine-readable codes of every error answer; the German message may change, these do not. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOKEN_INVALID',
  'MAIL_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** German messages the server answers with; the web app shows them where the spec names none. */
export const serverMessages = {
  invalidCredentials: 'Benutzername oder Passwort ist falsch.',
  tooManyAttempts: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in einigen Minuten erneut.',
  unauthenticated: 'Bitte melden Sie sich an.',
  sessionInvalid: 'Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.',
  forbidden: 'Dafür fehlt Ihnen die Berechtigung.',
  notFound: 'Nicht gefunden.',
  routeNotFound: 'Diese Adresse gibt es nicht.',
  validationFailed: 'Die Eingaben sind ungültig.',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
  serviceUnavailable: 'Der Dienst ist gerade nicht verfügbar.',
  internalError: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  badRequest: 'Die Anfrage ist ungültig.',
  tokenInvalid: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
  usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
  teamNameTaken: 'Ein Team mit diesem Namen gibt es bereits.',
  teamNotFound: 'Dieses Team gibt es nicht.',
  architectNotFound: 'Diese Architektin bzw. diesen Architekten gibt es nicht.',
  alreadyTeamMember: 'Dieser Benutzer ist bereits Mitglied des Teams.',
  notTeamMember: 'Dieser Benutzer ist kein Mitglied des Teams.',
  userCreated: 'Benutzer erfolgreich erstellt.',
  memberAdded: (username: string, team: string) => `${username} wurde zum Team ${team} hinzugefügt.`,
  invitationSent: 'Die Einladung wurde versendet.',
  alreadyRegistered: 'Dieser Benutzer hat sich bereits registriert.',
  mailFailedAfterChange: 'Die Änderung wurde gespeichert, aber die E-Mail konnte nicht versendet werden. Bitte versuchen Sie es später erneut.',
  resetMailSent: 'Eine E-Mail zum Zurücksetzen des Passworts wurde gesendet.',
  passwordSet: 'Passwort wurde erfolgreich gesetzt!',
  registered: 'Registrierung erfolgreich!',
  addressRequired: 'Bitte geben Sie Ihre vollständige Adresse an.',
  lastAdmin: 'Der letzte Administrator kann nicht gelöscht werden.',
  customerNotFound: 'Diesen Kunden gibt es nicht.',
  onlyOwnName: 'Sie können nur in Ihrem eigenen Namen anlegen.',
  tooManyResetRequests: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
} as const;
