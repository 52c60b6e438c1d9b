import { mailTexts } from '@bauakte/domain';
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
  return mailTexts.greeting(`${person.firstName} ${person.lastName}`.trim());
}

export function invitationMail(person: Recipient, link: string, invitedBy: string | null): MailMessage {
  const texts = mailTexts.invitation;
  const why = person.role === 'CLIENT' ? texts.toClient(invitedBy) : texts.toArchitect;
  const content = renderMail({
    greeting: greeting(person),
    paragraphs: [why, texts.username(person.username)],
    action: { label: texts.action, url: link },
    notes: [texts.validity],
  });
  return { to: person.email, subject: texts.subject, ...content, links: [link] };
}

export function passwordResetMail(person: Recipient, link: string): MailMessage {
  const texts = mailTexts.passwordReset;
  const content = renderMail({
    greeting: greeting(person),
    paragraphs: [texts.requested(person.username), texts.notYou],
    action: { label: texts.action, url: link },
    notes: [texts.validity],
  });
  return { to: person.email, subject: texts.subject, ...content, links: [link] };
}
