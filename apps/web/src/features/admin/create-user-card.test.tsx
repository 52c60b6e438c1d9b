import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usernameRulesText } from '@bauakte/domain/labels';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { CreateUserCard } from './create-user-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const api = stubApi({
    'GET /api/team/allTeams': () => json(200, [{ teamName: 'Nord', userNames: [], members: [] }]),
    'POST /api/team/createUser': () => json(201, { message: 'Benutzer erfolgreich erstellt.' }),
  });
  renderWithProviders(<CreateUserCard />, { user: sessionUser('chef', ['ADMIN']) });
  return { api, card: screen.getByRole('region', { name: 'Benutzer erstellen' }) };
}

describe('CreateUserCard', () => {
  it('states the username rule beside the field before any error and marks the required fields', () => {
    const { card } = setup();
    const username = within(card).getByLabelText('Benutzername');
    expect(within(card).getByText(usernameRulesText).id).toBe(username.getAttribute('aria-describedby'));
    expect(within(card).getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeTruthy();
    expect(username.getAttribute('aria-required')).toBe('true');
    expect(within(card).getByLabelText('Vorname').getAttribute('aria-required')).toBeNull();
  });

  it('names each missing field in German, focuses the first and sends nothing', async () => {
    const { api, card } = setup();
    await userEvent.click(within(card).getByRole('button', { name: 'Benutzer erstellen' }));
    expect(await within(card).findByText('Bitte wählen Sie ein Team.')).toBeTruthy();
    expect(within(card).getByText('Bitte geben Sie einen Benutzernamen ein.')).toBeTruthy();
    expect(within(card).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(document.activeElement).toBe(within(card).getByLabelText('Team'));
    // The rule stays beside the field, with the error after it.
    expect(within(card).getByLabelText('Benutzername').getAttribute('aria-describedby')).toBe('create-user-username-hint create-user-username-error');
    expect(api.callsTo('POST', '/api/team/createUser')).toHaveLength(0);
  });
});
