import { mailTexts } from '@bauakte/domain';
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
  const texts = mailTexts.accountChange;
  const what = [change.password ? texts.password : null, change.email ? texts.email(change.email) : null].filter(
    (part): part is string => part !== null,
  );
  const content = renderMail({
    greeting: mailTexts.greeting(`${person.firstName} ${person.lastName}`.trim()),
    paragraphs: [texts.changed(person.username, what), texts.notYou],
  });
  return { to: oldEmail, subject: texts.subject, ...content };
}
