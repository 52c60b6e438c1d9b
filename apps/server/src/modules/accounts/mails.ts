import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mailer';

interface Recipient {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

function greeting(person: Recipient): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
}

export function invitationMail(person: Recipient, link: string, invitedBy: string | null): MailMessage {
  const why =
    person.role === 'CLIENT'
      ? `Ihr Architekturbüro${invitedBy ? ` (${invitedBy})` : ''} lädt Sie zu Bauakte ein. Dort können Sie die Daten Ihres Gebäudes erfassen, Pläne hochladen und mit Ihrer Architektin bzw. Ihrem Architekten schreiben.`
      : 'Sie wurden als Architektin bzw. Architekt zu Bauakte eingeladen, dem Portal für Ihre Kundschaft und Ihre Sanierungsprojekte.';
  const content = renderMail({
    greeting: greeting(person),
    paragraphs: [why, `Ihr Benutzername lautet: ${person.username}. Bitte vervollständigen Sie Ihre Angaben und wählen Sie ein Passwort.`],
    action: { label: 'Jetzt registrieren', url: link },
    notes: ['Der Link ist 7 Tage gültig und kann nur einmal verwendet werden.'],
  });
  return { to: person.email, subject: 'Ihre Einladung zu Bauakte', ...content, links: [link] };
}

export function passwordResetMail(person: Recipient, link: string): MailMessage {
  const content = renderMail({
    greeting: greeting(person),
    paragraphs: [
      `für Ihr Bauakte-Konto ${person.username} wurde ein neues Passwort angefordert.`,
      'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    ],
    action: { label: 'Neues Passwort setzen', url: link },
    notes: ['Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden.'],
  });
  return { to: person.email, subject: 'Passwort zurücksetzen – Bauakte', ...content, links: [link] };
}
