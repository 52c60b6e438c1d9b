import { expect } from '@playwright/test';
import { mailCatcherHttpPort } from './env';

export interface CapturedAttachment {
  filename: string;
  contentType: string;
  /** Bytes. */
  size: number;
  contentBase64: string;
}

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: CapturedAttachment[];
  receivedAt: string;
}

const catcher = `http://127.0.0.1:${mailCatcherHttpPort}`;

/** Every mail to the address so far, optionally only those whose subject matches. */
export async function mailsTo(address: string, subject?: RegExp): Promise<CapturedMail[]> {
  const all = await allMailsTo(address);
  return subject ? all.filter((mail) => subject.test(mail.subject)) : all;
}

async function allMailsTo(address: string): Promise<CapturedMail[]> {
  const response = await fetch(`${catcher}/mails?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the newest mail to the address whose subject matches (mail goes out asynchronously). */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await allMailsTo(address)).filter((mail) => subject.test(mail.subject)).at(-1);
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `no mail to ${address} with subject ${subject}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The first link in the mail's text whose path starts with `path`, e.g. '/register?token='. */
export function linkIn(mail: CapturedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return link;
}

/** The same link relative to the app, for page.goto with the configured baseURL. */
export function appPathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The mail's attachment of that file name, its content decoded. */
export function attachmentIn(mail: CapturedMail, filename: string): CapturedAttachment & { content: Buffer } {
  const attachment = mail.attachments.find((candidate) => candidate.filename === filename);
  if (!attachment) throw new Error(`no attachment ${filename} in mail "${mail.subject}" (has ${mail.attachments.map((a) => a.filename).join(', ') || 'none'})`);
  return { ...attachment, content: Buffer.from(attachment.contentBase64, 'base64') };
}
