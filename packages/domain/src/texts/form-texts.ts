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
  itemPhotosMax: (max: number) => `Zu einem Punkt oder einer Antwort gehören höchstens ${max} Fotos. Bitte entfernen Sie zuerst ein Foto.`,
  pinReplyRequired: 'Bitte geben Sie eine Antwort ein.',
  followUpNoteRequired: 'Bitte schreiben Sie Ihre Rückfrage.',
  followUpQuestion: 'Unbekannte Frage: bitte wählen Sie eine Frage des Fragebogens.',
  carryPinIds: 'Bitte nennen Sie die Punkte der vorigen Version, die übernommen werden sollen.',
  pinStatus: 'Unbekannter Status: erlaubt sind Offen, In Bearbeitung und Erledigt (OFFEN, IN_BEARBEITUNG, ERLEDIGT).',
  pinKind: 'Unbekannte Art: erlaubt sind Mangel, Rückfrage, Änderungswunsch und Information (MANGEL, RUECKFRAGE, AENDERUNGSWUNSCH, INFORMATION).',
  pinDueDate: 'Bitte geben Sie ein gültiges Datum an.',
  pinResponsible: 'Bitte wählen Sie eine Person aus der Liste.',
  openItemsStatus: 'Unbekannter Status: erlaubt sind OFFEN, IN_BEARBEITUNG, ERLEDIGT und UNERLEDIGT.',
  openItemsDue: 'Unbekannte Fälligkeit: erlaubt ist OVERDUE.',
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
    photoFileIds: 'Die Fotos (photoFileIds)',
    planId: 'Der Plan (planId)',
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
