import type { ErrorCode } from '@bauakte/domain';

/**
 * The part of the catalogue (i18n/de.ts) the first route needs: the login page, the texts every
 * page's frame uses and the server's error texts. It loads with the app; de.ts, which includes it,
 * loads with the first page after login. Code of the first route imports from here, so that the
 * login page's visitors do not download the texts of every other page.
 */
export const deStart = {
  app: {
    name: 'Bauakte',
    notFoundTitle: 'Seite nicht gefunden',
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
    notFound: 'Seite nicht gefunden',
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
    wrongCredentials: 'Benutzername oder Passwort ist falsch.',
    genericError: 'Ein Fehler ist aufgetreten.',
    networkErrorPrefix: 'Netzwerkfehler oder unbekannter Fehler: ',
    usernameHint: 'Nur Buchstaben und Ziffern',
    passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
    /** Above the login form after a registration, with the new username filled in. */
    registered: 'Registrierung abgeschlossen — bitte melden Sie sich an',
    missingToken: 'Anmeldung ohne Token beantwortet',
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
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      phone: 'Bitte geben Sie die Telefonnummer ein.',
      phoneNumber: 'Bitte geben Sie die Telefonnummer ein.',
      street: 'Bitte geben Sie die Straße ein.',
      houseNumber: 'Bitte geben Sie die Hausnummer ein.',
      number: 'Bitte geben Sie die Hausnummer ein.',
      postalCode: 'Bitte geben Sie die Postleitzahl ein.',
      city: 'Bitte geben Sie den Ort ein.',
      community: 'Bitte geben Sie die Gemeinde ein.',
      municipality: 'Bitte geben Sie die Gemeinde ein.',
      country: 'Bitte geben Sie das Land ein.',
      state: 'Bitte wählen Sie das Bundesland.',
      username: 'Bitte geben Sie einen Benutzernamen ein.',
      name: 'Bitte geben Sie einen Namen ein.',
    } as Record<string, string | undefined>,
    requiredField: 'Bitte füllen Sie dieses Feld aus.',
    /** The spec's English length text (section 5), in German; its range texts read as the questionnaire's. */
    minLength: (count: string) => `Bitte geben Sie mindestens ${count} Zeichen ein.`,
    invalid: 'Bitte überprüfen Sie diese Eingabe.',
  },
  /**
   * A German text per stable error code of the server: shown when an answer names its code but
   * brings no message, and where a form places a code's message beside a field.
   */
  apiErrors: {
    BAD_REQUEST: 'Die Anfrage ist ungültig.',
    VALIDATION_FAILED: 'Die Eingaben sind ungültig.',
    INVALID_JSON: 'Die Anfrage enthält kein gültiges JSON.',
    UNAUTHENTICATED: 'Bitte melden Sie sich an.',
    INVALID_CREDENTIALS: 'Benutzername oder Passwort ist falsch.',
    TOO_MANY_ATTEMPTS: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
    FORBIDDEN: 'Dafür fehlt Ihnen die Berechtigung.',
    NOT_FOUND: 'Nicht gefunden.',
    CONFLICT: 'Das widerspricht den gespeicherten Daten.',
    TOKEN_INVALID: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
    USERNAME_UNAVAILABLE: 'Dieser Benutzername kann nicht verwendet werden. Bitte wählen Sie einen anderen.',
    PASSWORD_TOO_WEAK: 'Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.',
    CURRENT_PASSWORD_REQUIRED: 'Bitte geben Sie Ihr aktuelles Passwort ein, um Passwort oder E-Mail-Adresse zu ändern.',
    CURRENT_PASSWORD_WRONG: 'Das aktuelle Passwort ist falsch.',
    MAIL_FAILED: 'Die E-Mail konnte nicht versendet werden. Bitte versuchen Sie es später erneut.',
    MAIL_QUEUE_FULL: 'Gerade warten zu viele E-Mails auf den Versand. Die Änderung wurde nicht gespeichert; bitte versuchen Sie es später erneut.',
    PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß.',
    UNSUPPORTED_MEDIA_TYPE: 'Dieses Datenformat wird nicht unterstützt.',
    INVALID_FILE_EXTENSION: 'Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.',
    LINK_EXPIRED: 'Dieser Link ist abgelaufen oder ungültig. Bitte laden Sie die Seite neu.',
    SERVICE_UNAVAILABLE: 'Der Dienst ist gerade nicht verfügbar.',
    INTERNAL_ERROR: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    QUESTIONNAIRE_CONFLICT: 'Dieser Schritt wurde inzwischen von jemand anderem geändert. Bitte wählen Sie, welche Antworten gelten sollen.',
    EXPORT_BUSY: 'Gerade werden zu viele Exporte erstellt. Bitte versuchen Sie es in Kürze erneut.',
    EXPORT_FAILED: 'Der Export konnte nicht erstellt werden. Bitte versuchen Sie es später erneut.',
  } satisfies Record<ErrorCode, string>,
  retryAfter: (minutes: number) => (minutes <= 1 ? 'Ein neuer Versuch ist in etwa einer Minute möglich.' : `Ein neuer Versuch ist in etwa ${minutes} Minuten möglich.`),
};
