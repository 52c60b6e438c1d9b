import type { ExportFormat } from '../export-file-name';
import { sharedTexts } from './shared-texts';

// Texts only: the server's mail builders fill them in; the layout (HTML, the button) is the server's.

/** 'Guten Tag Anna Muster,' or, without a name, 'Guten Tag,'. */
const greeting = (name: string) => (name ? `Guten Tag ${name},` : 'Guten Tag,');

/** The portal's mails: subjects, paragraphs, buttons and notes, by mail. */
export const mailTexts = {
  greeting,
  closing: ['Mit freundlichen Grüßen', 'Ihr Bauakte-Team'],
  /** Below the button of the HTML part, for mail programs that do not show it. */
  buttonFallback: (url: string) => `Falls der Knopf nicht funktioniert: ${url}`,
  /** Under every notice the user can turn off. */
  settingsNote: 'Welche Nachrichten Sie erhalten, stellen Sie in Bauakte unter „Benachrichtigungseinstellungen“ ein.',
  invitation: {
    subject: 'Ihre Einladung zu Bauakte',
    toClient: (invitedBy: string | null) =>
      `Ihr Architekturbüro${invitedBy ? ` (${invitedBy})` : ''} lädt Sie zu Bauakte ein. Dort können Sie die Daten Ihres Gebäudes erfassen, Pläne hochladen und mit Ihrer Architektin bzw. Ihrem Architekten schreiben.`,
    toArchitect: 'Sie wurden als Architektin bzw. Architekt zu Bauakte eingeladen, dem Portal für Ihre Kundschaft und Ihre Sanierungsprojekte.',
    username: (username: string) => `Ihr Benutzername lautet: ${username}. Bitte vervollständigen Sie Ihre Angaben und wählen Sie ein Passwort.`,
    action: 'Jetzt registrieren',
    validity: 'Der Link ist 7 Tage gültig und kann nur einmal verwendet werden.',
  },
  passwordReset: {
    subject: 'Passwort zurücksetzen – Bauakte',
    requested: (username: string) => `für Ihr Bauakte-Konto ${username} wurde ein neues Passwort angefordert.`,
    notYou: 'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    action: 'Neues Passwort setzen',
    validity: 'Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden.',
  },
  /** To the address the account had before the change. */
  accountChange: {
    subject: 'Ihr Bauakte-Konto wurde geändert',
    password: 'das Passwort',
    email: (newEmail: string) => `die E-Mail-Adresse (neu: ${newEmail})`,
    /** `what`: the changed parts ('das Passwort', 'die E-Mail-Adresse …'), in order. */
    changed: (username: string, what: readonly string[]) =>
      `für Ihr Bauakte-Konto ${username} wurde soeben ${what.join(' und ')} geändert. Alle anderen Anmeldungen wurden beendet.`,
    notYou: 'Falls Sie das nicht selbst waren, wenden Sie sich bitte sofort an Ihr Architekturbüro bzw. an die Administration.',
  },
  chatNotice: {
    subject: (sender: string) => `Neue Nachricht von ${sender}`,
    wrote: (sender: string) => `${sender} hat Ihnen in Bauakte eine Nachricht geschrieben.`,
    action: 'Nachricht lesen',
    quiet: (sender: string) => `Weitere Nachrichten von ${sender} melden wir frühestens in 10 Minuten wieder.`,
  },
  /** To a project's architect when its questionnaire moved. */
  formNotice: {
    subject: (projectName: string, progress: number, complete: boolean) =>
      complete ? `Fragebogen vollständig: ${projectName}` : `Fragebogen zu ${progress} % ausgefüllt: ${projectName}`,
    saved: (projectName: string, complete: boolean) =>
      complete
        ? `der Fragebogen des Projekts „${projectName}“ ist vollständig ausgefüllt.`
        : `im Fragebogen des Projekts „${projectName}“ wurden Angaben gespeichert.`,
    customer: (name: string) => `Kunde/Kundin: ${name}`,
    noCustomer: sharedTexts.unassigned,
    progress: (percent: number) => `Fortschritt: ${percent} %`,
    action: 'Projekt öffnen',
  },
  /** To a project's other side (client ↔ architect) when a pin is placed or a new version of a plan uploaded. */
  planNotice: {
    subject: (projectName: string) => `Neues zu den Plänen: ${projectName}`,
    pin: (who: string, pinNumber: number, plan: string, projectName: string) =>
      `${who} hat im Projekt „${projectName}“ auf dem Plan „${plan}“ die Markierung ${pinNumber} gesetzt.`,
    version: (who: string, version: number, plan: string, projectName: string) =>
      `${who} hat im Projekt „${projectName}“ die Version ${version} des Plans „${plan}“ hochgeladen.`,
    action: 'Projekt öffnen',
    quiet: 'Weitere Neuigkeiten zu den Plänen dieses Projekts melden wir frühestens in 10 Minuten wieder.',
  },
  /** To the person responsible for an open item: when made responsible, and the day before it is due. */
  itemNotice: {
    assignedSubject: (projectName: string) => `Ihnen wurde ein offener Punkt zugewiesen: ${projectName}`,
    assigned: (who: string, pinNumber: number, plan: string, projectName: string) =>
      `${who} hat Sie im Projekt „${projectName}“ für den Punkt ${pinNumber} auf dem Plan „${plan}“ als zuständig eingetragen.`,
    dueSubject: (projectName: string) => `Morgen fällig: ein offener Punkt im Projekt ${projectName}`,
    due: (pinNumber: number, plan: string, projectName: string, dueDate: string) =>
      `Der Punkt ${pinNumber} auf dem Plan „${plan}“ im Projekt „${projectName}“ ist am ${dueDate} fällig und noch nicht erledigt. Sie sind dafür zuständig.`,
    dueOn: (dueDate: string) => `Fällig am ${dueDate}.`,
    action: 'Punkt öffnen',
    quiet: 'Weitere Zuweisungen in diesem Projekt melden wir frühestens in 10 Minuten wieder.',
  },
  /** The export as an attachment. */
  export: {
    subject: (projectName: string, format: string) => `Projektexport „${projectName}“ (${format})`,
    /** Without a sender (an account since deleted). */
    someArchitect: 'Ihre Architektin bzw. Ihr Architekt',
    fileKinds: { pdf: 'PDF-Datei', json: 'JSON-Datei' } satisfies Record<ExportFormat, string>,
    sends: (sender: string, projectName: string, fileKind: string) =>
      `${sender} sendet Ihnen aus Bauakte die Daten des Projekts „${projectName}“ als ${fileKind} im Anhang.`,
    replyTo: (email: string) => `Bei Fragen antworten Sie einfach auf diese E-Mail – sie geht an ${email}.`,
    jsonSchema: (url: string) => `Der Aufbau der JSON-Datei ist als JSON Schema beschrieben: ${url}`,
  },
} as const;
