/** Fixed facts of the end-to-end run, shared by the Playwright config and the specs. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4180);
export const e2eAdmin = { username: 'admin', password: 'e2e-admin-passwort' };
