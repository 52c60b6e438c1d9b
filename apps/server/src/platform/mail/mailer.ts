import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMetrics } from '../metrics/metrics';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** Where answers go, e.g. the architect who sent an export. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Links in the mail, logged when mail goes to the outbox so a newcomer can follow them. */
  links?: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The mail could not be handed over (the mail queue tries again later; an export mail fails). */
export class MailDeliveryError extends Error {}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  metrics?: MailMetrics;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
  const { metrics } = options;
  if (!metrics) return mailer;
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailed();
        throw error;
      }
      metrics.mailSent();
    },
  };
}

function smtpMailer(smtpUrl: string, { from, log }: MailerOptions): Mailer {
  // A server that accepts the connection and then hangs must not hold the mail queue for minutes.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send({ links: _links, ...message }) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        log.warn({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed');
        throw new MailDeliveryError((error as Error).message);
      }
    },
  };
}

function outboxMailer({ from, outboxDir, log }: MailerOptions): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ links = [], ...message }) {
      try {
        const info = await composer.sendMail({ from, ...message });
        // Invitation and reset mails carry live links: readable by the server's user only.
        await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        const file = path.join(outboxDir, name);
        await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
        log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to the outbox (no SMTP_URL set)');
      } catch (error) {
        log.error({ err: error, to: message.to }, 'mail could not be written to the outbox');
        throw new MailDeliveryError((error as Error).message);
      }
    },
  };
}
