import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { loginAs } from './fixtures';
import { appPathOf, linkIn, waitForMail } from './mail';

/** A card of a dashboard or of the project overview: a region named by its heading. */
export const cardOf = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

export interface NewCustomer {
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/** The architect invites a customer through 'Nutzer hinzufügen' (the CreateUser modal). */
export async function createCustomerThroughApp(page: Page, customer: NewCustomer): Promise<void> {
  await page.getByRole('button', { name: 'Nutzer hinzufügen', exact: true }).click();
  await fillCustomerDialog(page, customer);
}

/** Fills the open 'Neuen Benutzer erstellen' dialog with a customer in Graz and sends it. */
export async function fillCustomerDialog(page: Page, customer: NewCustomer): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Neuen Benutzer erstellen' });
  await dialog.getByLabel('Benutzername').fill(customer.username);
  await dialog.getByLabel('Vorname').fill(customer.firstName ?? 'Klara');
  await dialog.getByLabel('Nachname').fill(customer.lastName ?? 'Kundin');
  await dialog.getByLabel('E-Mail').fill(customer.email);
  await dialog.getByLabel('Straße').fill('Annenstraße');
  await dialog.getByLabel('Hausnummer').fill('12');
  await dialog.getByLabel('Postleitzahl').fill('8020');
  await dialog.getByLabel('Ort').fill('Graz');
  await dialog.getByLabel('Land').fill('Österreich');
  await dialog.getByRole('button', { name: 'Benutzer erstellen' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * The customer registers through the mailed invitation link, in a browser context of their own
 * (the architect's tab keeps its session), and is then logged in there on /dashboardClient.
 */
export async function registerCustomerFromMail(browser: Browser, customer: NewCustomer, password: string): Promise<Page> {
  const mail = await waitForMail(customer.email, /Einladung/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(appPathOf(linkIn(mail, '/register?token=')));
  await expect(page.getByLabel('Username')).toHaveValue(customer.username);
  await expect(page.getByLabel('Straße')).toHaveValue('Annenstraße');
  await expect(page.getByLabel('Hausnummer')).toHaveValue('12');
  await page.getByLabel('Telefon').fill('+43 316 123456');
  await page.getByLabel('Gemeinde').fill('Graz');
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('status')).toHaveText('Registrierung erfolgreich!');
  await expect(page).toHaveURL(/\/login$/);
  await loginAs(page, customer.username, password);
  await expect(page).toHaveURL(/\/dashboardClient$/);
  return page;
}

/** The architect creates a project through 'Projekt erstellen' (the CreateProject modal). */
export async function createProjectThroughApp(page: Page, name: string, customerUsername: string | null, houseNumber = '12'): Promise<void> {
  await page.getByRole('button', { name: 'Projekt erstellen', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt erstellen' });
  await dialog.getByLabel('Projektname').fill(name);
  if (customerUsername) {
    const select = dialog.getByLabel('Kunde/Kundin');
    await expect(select.locator(`option[value="${customerUsername}"]`)).toHaveCount(1);
    await select.selectOption(customerUsername);
  }
  await dialog.getByLabel('Straße').fill('Annenstraße');
  await dialog.getByLabel('Hausnummer').fill(houseNumber);
  await dialog.getByLabel('Postleitzahl').fill('8020');
  await dialog.getByLabel('Ort').fill('Graz');
  await dialog.getByLabel('Katastralgemeinde (KG-Nummer)').fill('63101');
  await dialog.getByLabel('Land').fill('Österreich');
  await dialog.getByRole('button', { name: 'Projekt erstellen' }).click();
  await expect(dialog).toHaveCount(0);
}
