import { expect, test, type Page } from '@playwright/test';
import { adminToken, createArchitectViaApi, createTeamViaApi, inviteArchitectViaApi } from './support/accounts';
import { loginAsAdmin } from './support/fixtures';
import { mailsTo } from './support/mail';

function teamItem(page: Page, team: string) {
  return page
    .getByRole('region', { name: 'Alle Teams & Mitglieder' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: team, exact: true }) });
}

test.describe('admin: teams and users', () => {
  test('adds an architect to a second team, removes a member and deletes a team, each confirmed', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const secondTeam = await createTeamViaApi(request, await adminToken(request), 'Zweit');
    await loginAsAdmin(page);

    const addMember = page.getByRole('region', { name: 'Benutzer zu Team hinzufügen' });
    await addMember.getByLabel('Team').selectOption(secondTeam);
    await addMember.getByLabel('Architekt/in').selectOption(architect.username);
    await addMember.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(addMember.getByRole('status')).toHaveText(`${architect.username} wurde zum Team ${secondTeam} hinzugefügt.`);
    // Members are listed by name (every e2e architect registers as Erika Muster), the username on hover.
    await expect(teamItem(page, secondTeam)).toContainText('Erika Muster');
    await expect(teamItem(page, secondTeam).getByTitle(architect.username)).toBeVisible();

    // Adding twice is refused with the server's German text.
    await addMember.getByLabel('Architekt/in').selectOption(architect.username);
    await addMember.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(addMember.getByRole('alert')).toHaveText('Dieser Benutzer ist bereits Mitglied des Teams.');

    const firstTeam = teamItem(page, architect.teamName);
    await firstTeam.getByRole('button', { name: 'Entfernen' }).click();
    let question = page.getByRole('alertdialog', { name: `Soll "Erika Muster" wirklich aus "${architect.teamName}" entfernt werden?` });
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(question).toHaveCount(0);
    await expect(firstTeam).toContainText('Erika Muster');

    await firstTeam.getByRole('button', { name: 'Entfernen' }).click();
    await question.getByRole('button', { name: 'Entfernen' }).click();
    await expect(firstTeam.getByText('Keine Mitglieder')).toBeVisible();

    await firstTeam.getByRole('button', { name: 'Löschen' }).click();
    question = page.getByRole('alertdialog', { name: `Team "${architect.teamName}" wirklich löschen?` });
    await question.getByRole('button', { name: 'Löschen' }).click();
    await expect(firstTeam).toHaveCount(0);
    await expect(teamItem(page, secondTeam)).toContainText('Erika Muster');
  });

  test("shows 'Nicht zugestellte E-Mails', empty while the mail server takes every mail", async ({ page, request }) => {
    // The invitation went through the mail queue to the mail catcher (inviteArchitectViaApi waits for it).
    await inviteArchitectViaApi(request);
    await loginAsAdmin(page);
    const failures = page.getByRole('region', { name: 'Nicht zugestellte E-Mails' });
    await expect(failures.getByText('In den letzten 24 Stunden ist keine E-Mail gescheitert.')).toBeVisible();
  });

  test('an empty team name sends nothing', async ({ page }) => {
    await loginAsAdmin(page);
    const createTeam = page.getByRole('region', { name: 'Neues Team erstellen' });
    await createTeam.getByRole('button', { name: 'Team erstellen' }).click();
    await expect(createTeam.getByRole('alert')).toHaveText('Bitte geben Sie einen Teamnamen ein.');
  });

  test('the user overview shows roles and status and sends an invitation again', async ({ page, request }) => {
    const invitation = await inviteArchitectViaApi(request);
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Registrierte Nutzer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzerübersicht' });
    const row = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: invitation.username, exact: true }) });
    await expect(row).toContainText('Architekt/in');
    await expect(row).toContainText('Eingeladen');
    await expect(dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'admin', exact: true }) })).toContainText('Administrator/in');

    await row.getByRole('button', { name: 'Einladung erneut senden' }).click();
    await expect(row.getByRole('status')).toHaveText('Die Einladung wird versendet.');
    // The mail queue sends it just after the answer: a second invitation arrives.
    await expect.poll(async () => (await mailsTo(invitation.email, /Einladung/)).length, { timeout: 15_000 }).toBe(2);
  });

  test("on a phone (375 px) the user overview shows 'Einladung erneut senden' whole, within the screen's width", async ({ page, request }) => {
    const phone = { width: 375, height: 812 };
    const invitation = await inviteArchitectViaApi(request);
    await page.setViewportSize(phone);
    await loginAsAdmin(page);
    // On phones the sidebar is a sheet behind its toggle.
    await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('button', { name: 'Registrierte Nutzer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzerübersicht' });
    // On phones each cell's name starts with its column label ('Benutzername …').
    const row = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: invitation.username }) });
    const resend = row.getByRole('button', { name: 'Einladung erneut senden' });
    await resend.scrollIntoViewIfNeeded();
    await expect(resend).toBeVisible();
    const box = await resend.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    // Nor does it stick out of its card and push the list sideways (which cut off the labels on the left).
    const card = await row.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(await dialog.getByRole('table').evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    await expect(resend).toBeInViewport({ ratio: 1 });
  });
});
