/** Fixed facts of the end-to-end run, shared by the Playwright config and the specs. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4180);
export const e2eAdmin = { username: 'admin', password: 'e2e-admin-passwort' };

/** The mail catcher (e2e/support/mail-catcher.mjs): the app sends to its SMTP port, specs read its HTTP port. */
export const mailCatcherSmtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 4181);
export const mailCatcherHttpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 4182);
