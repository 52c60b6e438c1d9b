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
  'USERNAME_UNAVAILABLE',
  'PASSWORD_TOO_WEAK',
  'CURRENT_PASSWORD_REQUIRED',
  'CURRENT_PASSWORD_WRONG',
  'MAIL_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_FILE_EXTENSION',
  'LINK_EXPIRED',
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
  // A team called 'Team Graz' would otherwise be added to as 'zum Team Team Graz' (issue 12).
  memberAdded: (username: string, team: string) =>
    /^team\b/i.test(team.trim()) ? `${username} wurde zu ${team} hinzugefügt.` : `${username} wurde zum Team ${team} hinzugefügt.`,
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
  usernameUnavailable: 'Dieser Benutzername kann nicht verwendet werden. Bitte wählen Sie einen anderen.',
  passwordTooWeak: 'Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.',
  currentPasswordRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein, um Passwort oder E-Mail-Adresse zu ändern.',
  currentPasswordWrong: 'Das aktuelle Passwort ist falsch.',
  multipartExpected: 'Bitte senden Sie die Datei als multipart/form-data.',
  onlyOwnMessages: 'Sie können Nachrichten nur in Ihrem eigenen Namen senden.',
  chatClosed: 'In diesen Chat können Sie nicht mehr schreiben.',
  unknownDestination: 'Dieses Ziel gibt es nicht.',
  liveTooManySubscriptions: (max: number) => `Eine Verbindung kann höchstens ${max} Ziele abonnieren.`,
  liveDuplicateSubscription: 'Dieses Ziel ist auf dieser Verbindung bereits abonniert.',
  liveTooManyConnections: (max: number) =>
    `Sie haben bereits ${max} Live-Verbindungen geöffnet. Bitte schließen Sie Fenster oder Tabs, die Sie nicht brauchen.`,
  /** The WebSocket close reason (at most 123 bytes): the client did not take its messages fast enough. */
  liveSlowConsumer: 'Die Verbindung nimmt Nachrichten zu langsam an.',
  liveFrameTimeout: (seconds: number) =>
    `Der Frame ist nicht innerhalb ${seconds === 1 ? 'einer Sekunde' : `von ${seconds} Sekunden`} vollständig angekommen.`,
  projectIdBeforeFile: 'Bitte senden Sie projectId vor der Datei (oder als Parameter der Adresse).',
  imageTooLarge: (megapixels: number) => `Das Bild ist zu groß: höchstens ${megapixels} Megapixel sind erlaubt.`,
  imageUnreadable: 'Die Bilddatei ist beschädigt oder kein gültiges Bild.',
  linkExpired: 'Dieser Link ist abgelaufen oder ungültig. Bitte laden Sie die Seite neu.',
  exportSent: (email: string) => `Der Export wurde an ${email} gesendet.`,
  exportMailFailed: 'Die E-Mail mit dem Export konnte nicht versendet werden. Bitte versuchen Sie es später erneut.',
  tooManyExportMails: (perHour: number) =>
    `Sie können höchstens ${perHour} Exporte pro Stunde per E-Mail versenden. Bitte versuchen Sie es später erneut.`,
  exportBusy: 'Gerade werden viele Exporte erstellt. Bitte versuchen Sie es in einer Minute erneut.',
  exportFailed: 'Der Export konnte nicht erstellt werden. Bitte versuchen Sie es später erneut.',
} as const;
