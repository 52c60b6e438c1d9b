import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string[];
  attachments: Array<{ filename: string | null; mimeType: string; size: number; content: Buffer }>;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:port — give it to the app as SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** The first mail (already received or still to come) to this address whose subject matches. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every mail it receives, parsed; on the given port, or any free one. */
export async function startMailCatcher(options: { port?: number } = {}): Promise<MailCatcher> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            mails.push({
              to: (email.to ?? []).map((a) => ('address' in a && a.address ? a.address : '')),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              replyTo: (email.replyTo ?? []).map((a) => ('address' in a && a.address ? a.address : '')),
              attachments: email.attachments.map((a) => {
                const content = typeof a.content === 'string' ? Buffer.from(a.content) : Buffer.from(a.content instanceof ArrayBuffer ? new Uint8Array(a.content) : a.content);
                return { filename: a.filename, mimeType: a.mimeType, size: content.byteLength, content };
              }),
            });
            waiters.forEach((wake) => wake());
            done();
          })
          .catch((error: Error) => done(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const find = (to: string, subject?: RegExp) =>
    mails.find((mail) => mail.to.includes(to) && (!subject || subject.test(mail.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    // Longer than the slowest delivery on a busy machine: the bound only names the missing mail.
    waitFor: (to, subject, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, subject);
          if (!mail) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (got: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nobody listens on right now (an SMTP server to start later, say). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The first link in a mail's text that matches, e.g. /\/register\?token=/. */
export function linkIn(mail: CapturedMail, pattern: RegExp): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url));
  if (!link) throw new Error(`no link matching ${pattern} in: ${mail.text}`);
  return link;
}

/** The token query parameter of a link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
