// A mail catcher for the end-to-end run: an SMTP server on loopback that keeps every mail it
// receives, and an HTTP server that hands them out as JSON. Started by playwright.config.ts.
//
//   SMTP  127.0.0.1:${MAIL_CATCHER_SMTP_PORT ?? 4181}   (give the app SMTP_URL=smtp://127.0.0.1:4181)
//   HTTP  127.0.0.1:${MAIL_CATCHER_HTTP_PORT ?? 4182}   GET /health, GET /mails?to=<address>
//
// Attachments come with their name, type, size and content as base64 (the exports a spec checks).
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 4181);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 4182);
const host = '127.0.0.1';

/** @typedef {{ filename: string, contentType: string, size: number, contentBase64: string }} CaughtAttachment */
/** @type {Array<{ to: string[], subject: string, text: string, html: string, attachments: CaughtAttachment[], receivedAt: string }>} */
const mails = [];

/** @param {import('postal-mime').Attachment} attachment @returns {CaughtAttachment} */
function attachmentOf(attachment) {
  const contentBase64 = typeof attachment.content === 'string' ? attachment.content : Buffer.from(attachment.content).toString('base64');
  return {
    filename: attachment.filename ?? '',
    contentType: attachment.mimeType,
    size: Buffer.byteLength(contentBase64, 'base64'),
    contentBase64,
  };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('error', done);
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks), { attachmentEncoding: 'base64' })
        .then((email) => {
          mails.push({
            to: (email.to ?? []).map((address) => (address.address ?? '').toLowerCase()).filter(Boolean),
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html ?? '',
            attachments: (email.attachments ?? []).map(attachmentOf),
            receivedAt: new Date().toISOString(),
          });
          done();
        })
        .catch(done);
    });
  },
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}:${httpPort}`);
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && url.pathname === '/health') return send(200, { status: 'ok', mails: mails.length });
  if (request.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return send(200, to ? mails.filter((mail) => mail.to.includes(to)) : mails);
  }
  return send(404, { message: 'not found' });
});

smtp.on('error', (error) => console.error('mail catcher SMTP error', error));
smtp.listen(smtpPort, host, () => {
  api.listen(httpPort, host, () => console.log(`mail catcher: SMTP ${host}:${smtpPort}, HTTP ${host}:${httpPort}`));
});

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
