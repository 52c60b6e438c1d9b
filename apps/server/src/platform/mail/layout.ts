import { mailTexts } from '@bauakte/domain';

export interface MailContent {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines after the action, e.g. how long a link is valid. */
  notes?: string[];
}

const { closing } = mailTexts;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** One German mail as plain text and simple HTML with the same content. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}:`, content.action.url, '');
  for (const note of content.notes ?? []) textParts.push(note, '');
  textParts.push(...closing);

  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4f91;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      p(mailTexts.buttonFallback(content.action.url))
    : '';
  const html = [
    '<!doctype html><html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    p(content.greeting),
    ...content.paragraphs.map(p),
    button,
    ...(content.notes ?? []).map(p),
    `<p style="margin:0">${closing.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');

  return { text: textParts.join('\n'), html };
}
