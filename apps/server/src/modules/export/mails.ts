import { participantName, type ExportFormat } from '@bauakte/domain';
import type { UserRow } from '../../platform/db/schema';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mailer';
import type { ExportFile } from './export-file';

const formatNames: Record<ExportFormat, string> = { pdf: 'PDF-Datei', json: 'JSON-Datei' };

/** The export as an attachment; replies go to the architect who sent it, not to the portal. */
export function exportMail(input: {
  to: string;
  sender: UserRow | undefined;
  projectName: string;
  format: ExportFormat;
  attachment: ExportFile;
  publicUrl: string;
}): MailMessage {
  const senderName = input.sender ? participantName(input.sender) : 'Ihre Architektin bzw. Ihr Architekt';
  const notes =
    input.format === 'json'
      ? [`Der Aufbau der JSON-Datei ist als JSON Schema beschrieben: ${input.publicUrl}/api/export/schema.json`]
      : [];
  const content = renderMail({
    greeting: 'Guten Tag,',
    paragraphs: [
      `${senderName} sendet Ihnen aus Bauakte die Daten des Projekts „${input.projectName}“ als ${formatNames[input.format]} im Anhang.`,
      ...(input.sender?.email ? [`Bei Fragen antworten Sie einfach auf diese E-Mail – sie geht an ${input.sender.email}.`] : []),
    ],
    notes,
  });
  return {
    to: input.to,
    replyTo: input.sender?.email || undefined,
    subject: `Projektexport „${input.projectName}“ (${input.format.toUpperCase()})`,
    ...content,
    attachments: [{ filename: input.attachment.fileName, content: input.attachment.content, contentType: input.attachment.contentType }],
  };
}
