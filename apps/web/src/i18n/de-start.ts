import { fieldTexts, fileMessages, serverMessages } from '@bauakte/domain/texts';
import type { ErrorCode } from '@bauakte/domain/labels';

// Only text modules of the domain (no zod): this part loads with the login page. Sentences the
// server says too come from there; sentences said in several places are written once here.
const pageNotFound = 'Seite nicht gefunden';
export const somethingWentWrong = 'Ein Fehler ist aufgetreten.';
const phoneRequired = 'Bitte geben Sie die Telefonnummer ein.';
const houseNumberRequired = 'Bitte geben Sie die Hausnummer ein.';
const municipalityRequired = 'Bitte geben Sie die Gemeinde ein.';

/**
 * The part of the catalogue (i18n/de.ts) the first route needs: the login page, the texts every
 * page's frame uses and the server's error texts. It loads with the app; de.ts, which includes it,
 * loads with the first page after login. Code of the first route imports from here, so that the
 * login page's visitors do not download the texts of every other page.
 */
export const deStart = {
  app: {
    name: 'Bauakte',
    notFoundTitle: pageNotFound,
    notFoundText: 'Diese Seite gibt es nicht.',
    toStart: 'Zur Startseite',
    skipToContent: 'Zum Inhalt springen',
  },
  /** The browser tab's title of each page: '{page} – Bauakte'. */
  documentTitles: {
    of: (page: string) => `${page} – Bauakte`,
    login: 'Anmeldung',
    register: 'Registrierung',
    forgotPassword: 'Passwort vergessen',
    resetPassword: 'Passwort zurücksetzen',
    admin: 'Administration',
    dashboard: 'Dashboard',
    dashboardClient: 'Meine Projekte',
    projectOverview: 'Projektübersicht',
    questionnaire: (step: string) => `Fragebogen: ${step}`,
    impressum: 'Impressum',
    privacy: 'Datenschutzerklärung',
    unauthorized: 'Kein Zugriff',
    notFound: pageNotFound,
  },
  common: {
    loading: 'Laden...',
    back: 'Zurück',
    close: 'Schließen',
    cancel: 'Abbrechen',
    save: 'Speichern',
    /** Below a list that has more than one page. */
    loadMore: 'Mehr laden',
    loadingMore: 'Wird geladen...',
    loadMoreFailed: 'Weitere Einträge konnten nicht geladen werden.',
  },
  session: {
    guest: 'Gast',
    noRole: 'Keine Rolle',
    invalidTokenFormat: 'Ungültiges Token-Format',
    tokenDecodeFailed: 'Token konnte nicht gelesen werden',
    logoutFailed: 'Fehler beim Logout',
  },
  login: {
    title: 'Willkommen Zurück!',
    subtitle: 'Hier Einloggen',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Login',
    forgotPassword: 'Passwort vergessen?',
    wrongCredentials: serverMessages.invalidCredentials,
    genericError: somethingWentWrong,
    networkErrorPrefix: 'Netzwerkfehler oder unbekannter Fehler: ',
    usernameHint: 'Nur Buchstaben und Ziffern',
    passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
    /** Above the login form after a registration, with the new username filled in. */
    registered: 'Registrierung abgeschlossen — bitte melden Sie sich an',
    missingToken: 'Anmeldung ohne Token beantwortet',
    remember: 'Auf diesem Gerät angemeldet bleiben',
    rememberHint: 'Nur auf einem eigenen Gerät: Sie bleiben angemeldet, auch wenn Sie das Fenster schließen, und sehen Gespeichertes auch ohne Verbindung.',
    /** After the server refused a remembered device (signed out elsewhere, password changed, unused too long). */
    signedOutHere: 'Sie wurden auf diesem Gerät abgemeldet.',
  },
  /** The links to Impressum and Datenschutzerklärung under the pages before login. */
  legalLinks: 'Rechtliches',
  forms: {
    passwordMismatch: 'Passwörter stimmen nicht überein!',
    /** Under a form with required fields: what the asterisk beside a label means. */
    requiredLegend: 'Mit * gekennzeichnete Felder sind Pflichtfelder.',
    /** An empty new password: asked for before the length rule is quoted. */
    passwordRequired: 'Bitte wählen Sie ein Passwort.',
    /** An empty required field, by the field's name in the form (the last part of its path). */
    required: {
      firstName: 'Bitte geben Sie den Vornamen ein.',
      lastName: 'Bitte geben Sie den Nachnamen ein.',
      email: fieldTexts.invalidEmail,
      phone: phoneRequired,
      phoneNumber: phoneRequired,
      street: 'Bitte geben Sie die Straße ein.',
      houseNumber: houseNumberRequired,
      number: houseNumberRequired,
      postalCode: 'Bitte geben Sie die Postleitzahl ein.',
      city: 'Bitte geben Sie den Ort ein.',
      community: municipalityRequired,
      municipality: municipalityRequired,
      country: 'Bitte geben Sie das Land ein.',
      state: 'Bitte wählen Sie das Bundesland.',
      username: fieldTexts.usernameRequired,
      name: 'Bitte geben Sie einen Namen ein.',
    } as Record<string, string | undefined>,
    requiredField: fieldTexts.required,
    /** The spec's English length text (section 5), in German; its range texts read as the questionnaire's. */
    minLength: (count: string) => `Bitte geben Sie mindestens ${count} Zeichen ein.`,
    invalid: 'Bitte überprüfen Sie diese Eingabe.',
  },
  /**
   * A German text per stable error code of the server: shown when an answer names its code but
   * brings no message, and where a form places a code's message beside a field.
   */
  apiErrors: {
    BAD_REQUEST: serverMessages.badRequest,
    VALIDATION_FAILED: serverMessages.validationFailed,
    INVALID_JSON: serverMessages.invalidJson,
    UNAUTHENTICATED: serverMessages.unauthenticated,
    SESSION_REVOKED: serverMessages.sessionRevoked,
    INVALID_CREDENTIALS: serverMessages.invalidCredentials,
    TOO_MANY_ATTEMPTS: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
    FORBIDDEN: serverMessages.forbidden,
    NOT_FOUND: serverMessages.notFound,
    CONFLICT: 'Das widerspricht den gespeicherten Daten.',
    TOKEN_INVALID: serverMessages.tokenInvalid,
    USERNAME_UNAVAILABLE: serverMessages.usernameUnavailable,
    PASSWORD_TOO_WEAK: serverMessages.passwordTooWeak,
    CURRENT_PASSWORD_REQUIRED: serverMessages.currentPasswordRequired,
    CURRENT_PASSWORD_WRONG: serverMessages.currentPasswordWrong,
    MAIL_FAILED: 'Die E-Mail konnte nicht versendet werden. Bitte versuchen Sie es später erneut.',
    MAIL_QUEUE_FULL: serverMessages.mailQueueFull,
    PAYLOAD_TOO_LARGE: serverMessages.payloadTooLarge,
    UNSUPPORTED_MEDIA_TYPE: serverMessages.unsupportedMediaType,
    INVALID_FILE_EXTENSION: fileMessages.badExtension,
    LINK_EXPIRED: serverMessages.linkExpired,
    SERVICE_UNAVAILABLE: serverMessages.serviceUnavailable,
    INTERNAL_ERROR: serverMessages.internalError,
    QUESTIONNAIRE_CONFLICT: 'Dieser Schritt wurde inzwischen von jemand anderem geändert. Bitte wählen Sie, welche Antworten gelten sollen.',
    EXPORT_BUSY: serverMessages.exportBusy,
    EXPORT_ABORTED: serverMessages.exportAborted,
    EXPORT_FAILED: serverMessages.exportFailed,
  } satisfies Record<ErrorCode, string>,
  retryAfter: (minutes: number) => (minutes <= 1 ? 'Ein neuer Versuch ist in etwa einer Minute möglich.' : `Ein neuer Versuch ist in etwa ${minutes} Minuten möglich.`),
};
