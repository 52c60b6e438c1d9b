import { mailTexts, participantName, type ExportFormat } from '@bauakte/domain';
import type { UserRow } from '../../platform/db/schema';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mailer';
import type { ExportFile } from './export-file';

/** The export as an attachment; replies go to the architect who sent it, not to the portal. */
export function exportMail(input: {
  to: string;
  sender: UserRow | undefined;
  projectName: string;
  format: ExportFormat;
  attachment: ExportFile;
  publicUrl: string;
}): MailMessage {
  const texts = mailTexts.export;
  const senderName = input.sender ? participantName(input.sender) : texts.someArchitect;
  const notes = input.format === 'json' ? [texts.jsonSchema(`${input.publicUrl}/api/export/schema.json`)] : [];
  const content = renderMail({
    greeting: mailTexts.greeting(''),
    paragraphs: [
      texts.sends(senderName, input.projectName, texts.fileKinds[input.format]),
      ...(input.sender?.email ? [texts.replyTo(input.sender.email)] : []),
    ],
    notes,
  });
  return {
    to: input.to,
    replyTo: input.sender?.email || undefined,
    subject: texts.subject(input.projectName, input.format.toUpperCase()),
    ...content,
    attachments: [{ filename: input.attachment.fileName, content: input.attachment.content, contentType: input.attachment.contentType }],
  };
}
