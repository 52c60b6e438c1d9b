import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { CreateCustomerModal } from './create-customer-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const customer: Customer = {
  id: 5,
  username: 'klara',
  firstName: 'Klara',
  lastName: 'Kundin',
  email: 'klara@example.at',
  creationName: 'mara',
  createdBy: { username: 'mara', firstName: 'Mara', lastName: 'Berger' },
  status: 'INVITED',
  address: { street: 'Annenstraße', number: '12', city: 'Graz', country: 'Österreich', postalCode: '8020' },
};

function setup(answer: () => Response | Promise<Response>) {
  const api = stubApi({ 'POST /api/ClientManagment': answer });
  const close = vi.fn();
  const rendered = renderWithProviders(<CreateCustomerModal close={close} props={{}} />, { user: sessionUser('mara', ['ARCHI']) });
  return { api, close, ...rendered };
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Benutzername'), 'klara');
  await userEvent.type(screen.getByLabelText('Vorname'), 'Klara');
  await userEvent.type(screen.getByLabelText('Nachname'), 'Kundin');
  await userEvent.type(screen.getByLabelText('E-Mail'), 'klara@example.at');
  await userEvent.type(screen.getByLabelText('Straße'), 'Annenstraße');
  await userEvent.type(screen.getByLabelText('Hausnummer'), '12');
  await userEvent.type(screen.getByLabelText('Ort'), 'Graz');
  await userEvent.type(screen.getByLabelText('Land'), 'Österreich');
  await userEvent.type(screen.getByLabelText('Postleitzahl'), '8020');
}

const submitButton = () => screen.getByRole('button', { name: 'Benutzer erstellen' });

describe('CreateCustomerModal', () => {
  it("sends the form with the caller as creationName and confirms 'Kunde/Kundin angelegt'", async () => {
    const { api, close } = setup(() => json(201, customer));
    await fillIn();
    await userEvent.click(submitButton());
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(screen.getByText('Kunde/Kundin angelegt')).toBeTruthy();
    expect(api.callsTo('POST', '/api/ClientManagment')[0]?.body).toEqual({
      username: 'klara',
      firstName: 'Klara',
      lastName: 'Kundin',
      email: 'klara@example.at',
      creationName: 'mara',
      address: { street: 'Annenstraße', number: '12', city: 'Graz', country: 'Österreich', postalCode: '8020' },
    });
  });

  it.each(['12/3/5', '5a', '17–19'])("takes the house number '%s' as typed and sends it as text", async (houseNumber) => {
    const { api, close } = setup(() => json(201, customer));
    const input = screen.getByLabelText('Hausnummer');
    expect(input.getAttribute('type')).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('text');
    expect(input.getAttribute('maxlength')).toBe('20');
    await fillIn();
    await userEvent.clear(input);
    await userEvent.type(input, houseNumber);
    await userEvent.click(submitButton());
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/ClientManagment')[0]?.body).toMatchObject({ address: { number: houseNumber } });
  });

  it('disables the button with a spinner while sending', async () => {
    let answer: (response: Response) => void = () => {};
    setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await fillIn();
    await userEvent.click(submitButton());
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true));
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    answer(json(201, customer));
  });

  it("shows 'Fehler beim Erstellen des Benutzers' with the reason and re-enables the button", async () => {
    const { close } = setup(() => json(403, { message: 'Dafür fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' }));
    await fillIn();
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Erstellen des Benutzers Dafür fehlt Ihnen die Berechtigung.');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });

  it('shows an unavailable username beside the username field', async () => {
    const unavailable = 'Dieser Benutzername kann nicht verwendet werden. Bitte wählen Sie einen anderen.';
    const { close } = setup(() => json(400, { message: unavailable, code: 'USERNAME_UNAVAILABLE', issues: [{ path: 'body/username', message: unavailable }] }));
    await fillIn();
    await userEvent.click(submitButton());
    const message = await screen.findByText(unavailable);
    expect(screen.getByLabelText('Benutzername').getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.getByText('Fehler beim Erstellen des Benutzers')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
  });

  it('keeps the form open with the reason while too many mails wait to be sent', async () => {
    const full = 'Gerade warten zu viele E-Mails auf den Versand. Die Änderung wurde nicht gespeichert; bitte versuchen Sie es später erneut.';
    const { close } = setup(() => json(503, { message: full, code: 'MAIL_QUEUE_FULL' }));
    await fillIn();
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(`Fehler beim Erstellen des Benutzers ${full}`);
    expect(screen.getByLabelText('Benutzername')).toHaveProperty('value', 'klara');
    expect(close).not.toHaveBeenCalled();
  });

  it('states the username rule beside the username field before any error', () => {
    setup(() => json(201, customer));
    const username = screen.getByLabelText('Benutzername');
    const hint = screen.getByText('Buchstaben (auch ä, ö, ü, ß und é, č …) und Ziffern, ohne Leer- und Sonderzeichen, höchstens 50 Zeichen.');
    expect(username.getAttribute('aria-describedby')).toBe(hint.id);
    expect(username.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeTruthy();
  });

  it('checks username, names and e-mail before sending', async () => {
    const { api } = setup(() => json(201, customer));
    await userEvent.type(screen.getByLabelText('Benutzername'), 'klara-1');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'keine-adresse');
    await userEvent.click(submitButton());
    expect(await screen.findByText('Der Benutzername darf nur Buchstaben und Ziffern enthalten.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie den Vornamen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie den Nachnamen ein.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
