import { mailTexts, participantName } from '@bauakte/domain';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mailer';
import type { UserRow } from '../../platform/db/schema';

/** Where the link opens the chat: the receiver's own dashboard, with the chat selected. */
export function chatLink(receiver: Pick<UserRow, 'role'>, chatId: number, publicUrl: string): string {
  const dashboard = receiver.role === 'CLIENT' ? '/dashboardClient' : '/dashboard';
  return `${publicUrl}${dashboard}?chat=${chatId}`;
}

/**
 * A new message arrived while the receiver was away. The text itself stays in Bauakte: a mail may
 * be read on a shared screen or forwarded, a plan discussion should not travel with it.
 */
export function chatNoticeMail(input: { receiver: UserRow; sender: UserRow; chatId: number; publicUrl: string }): MailMessage & { links: string[] } {
  const { receiver, sender } = input;
  const senderName = participantName(sender);
  const link = chatLink(receiver, input.chatId, input.publicUrl);
  const texts = mailTexts.chatNotice;
  const content = renderMail({
    greeting: mailTexts.greeting(participantName(receiver)),
    paragraphs: [texts.wrote(senderName)],
    action: { label: texts.action, url: link },
    notes: [texts.quiet(senderName), mailTexts.settingsNote],
  });
  return { to: receiver.email, subject: texts.subject(senderName), ...content, links: [link] };
}
