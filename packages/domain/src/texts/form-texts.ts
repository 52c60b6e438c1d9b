// Texts only, no zod: the web's forms show these words before sending, the request schemas give
// them beside a field when the server refuses a value.

/** The request schemas' messages, by rule. */
export const fieldTexts = {
  required: 'Bitte füllen Sie dieses Feld aus.',
  maxLength: (max: number) => `Höchstens ${max} Zeichen.`,
  forbiddenCharacters: 'Der Text enthält unzulässige Zeichen (z. B. Steuerzeichen).',
  emailTooLong: 'Die E-Mail-Adresse ist zu lang.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordTooShort: (min: number) => `Das Passwort muss mindestens ${min} Zeichen lang sein.`,
  passwordTooLong: (max: number) => `Das Passwort darf höchstens ${max} Zeichen lang sein.`,
  unknownFields: (keys: readonly string[]) => `Unbekannte${keys.length === 1 ? 's Feld' : ' Felder'}: ${keys.join(', ')}`,
  objectExpected: 'Erwartet wird ein JSON-Objekt.',
  usernameRequired: 'Bitte geben Sie einen Benutzernamen ein.',
  usernameTooLong: (max: number) => `Der Benutzername darf höchstens ${max} Zeichen lang sein.`,
  usernameCharacters: 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.',
  /** Shown beside every field where a username is chosen, before the first error. */
  usernameRules: (max: number) => `Buchstaben (auch ä, ö, ü, ß und é, č …) und Ziffern, ohne Leer- und Sonderzeichen, höchstens ${max} Zeichen.`,
  teamNameRequired: 'Bitte geben Sie einen Teamnamen ein.',
  teamRequired: 'Bitte wählen Sie ein Team.',
  projectNameRequired: 'Bitte geben Sie einen Projektnamen ein.',
  fileTitleRequired: 'Bitte geben Sie einen Titel ein.',
  fileTooLarge: (maxSize: string) => `Die Datei ist zu groß. Erlaubt sind höchstens ${maxSize}.`,
  /** The upload's field replaces: the plan a new version belongs to, named by one of its files. */
  replacesInvalid: 'Die Datei, die ersetzt werden soll (replaces), muss eine Kennung (ganze Zahl) sein.',
  chatMessageRequired: 'Bitte geben Sie eine Nachricht ein.',
  chatMessageTooLong: 'Die Nachricht darf höchstens 10.000 Zeichen lang sein.',
  pinCommentRequired: 'Bitte beschreiben Sie, was an dieser Stelle ist.',
  pinPage: 'Die Seite muss eine ganze Zahl ab 1 sein.',
  pinPoint: 'Die Stelle muss innerhalb des Plans liegen.',
  pinVersion: 'Die Version der Markierung fehlt oder ist keine ganze Zahl.',
  austrianPostalCode: 'Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.',
  austrianState: 'Bitte wählen Sie eines der neun Bundesländer.',
  oneChatNotice: 'Bitte wählen Sie höchstens eine Chat-Benachrichtigung.',
  oneFormNotice: 'Bitte wählen Sie höchstens eine Formular-Benachrichtigung.',
  /** Query strings of lists and searches; `label` names the parameter ('Die Seite'). */
  queryCount: (label: string, max: number) => `${label} muss eine ganze Zahl von 1 bis ${max} sein.`,
  /** An id in a query, body or form field, named by `label` ('Der Chat'). */
  idInvalid: (label: string) => `${label} muss eine Kennung (ganze Zahl) sein.`,
  /** The parameters and fields as those messages name them. */
  queryNames: {
    page: 'Die Seite',
    limit: 'Die Anzahl',
    pageSize: 'Die Seitengröße',
    chatId: 'Der Chat',
    before: 'Die Nachricht (before)',
    messages: 'Die Anzahl der Nachrichten',
    projectId: 'Das Projekt (projectId)',
    photoFileId: 'Das Foto (photoFileId)',
  },
  /** Years of the windows and the heating. */
  yearOutOfRange: (min: number, max: number) => `Bitte geben Sie ein Jahr von ${min} bis ${max} an.`,
  searchQueryText: 'Der Suchbegriff muss ein Text sein.',
  unknownStatus: 'Unbekannter Status: erlaubt sind NEW, IN_PROGRESS und COMPLETE.',
  unknownSort: 'Unbekannte Sortierung: erlaubt sind changedAt, name und progress.',
} as const;

/** Spec sections 5 and 8, verbatim. */
export const fileMessages = {
  noFile: 'Bitte wählen Sie eine Datei.',
  badExtension: 'Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.',
  badType: 'Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.',
  incomplete: 'Bitte wählen Sie eine gültige Datei, geben Sie einen Namen ein und stellen Sie sicher, dass ein Projekt vorhanden ist.',
  uploadFailed: 'Upload fehlgeschlagen.',
} as const;
