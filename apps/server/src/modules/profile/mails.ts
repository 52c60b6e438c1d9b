import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mailer';

interface Person {
  username: string;
  firstName: string;
  lastName: string;
}

/**
 * Sent to the address the account had before the change: if someone else made it, this is how the
 * owner learns of it while the old address still reaches them.
 */
export function accountChangeNotice(person: Person, oldEmail: string, change: { password: boolean; email: string | null }): MailMessage {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const what = [
    change.password ? 'das Passwort' : null,
    change.email ? `die E-Mail-Adresse (neu: ${change.email})` : null,
  ].filter((part): part is string => part !== null);
  const content = renderMail({
    greeting: name ? `Guten Tag ${name},` : 'Guten Tag,',
    paragraphs: [
      `für Ihr Bauakte-Konto ${person.username} wurde soeben ${what.join(' und ')} geändert. Alle anderen Anmeldungen wurden beendet.`,
      'Falls Sie das nicht selbst waren, wenden Sie sich bitte sofort an Ihr Architekturbüro bzw. an die Administration.',
    ],
  });
  return { to: oldEmail, subject: 'Ihr Bauakte-Konto wurde geändert', ...content };
}
