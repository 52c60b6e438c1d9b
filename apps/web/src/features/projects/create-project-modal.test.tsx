import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer, Project } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';
import { CreateProjectModal } from './create-project-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const customer = (username: string, firstName: string): Customer => ({
  id: 1,
  username,
  firstName,
  lastName: 'Kundin',
  email: `${username}@example.at`,
  creationName: 'mara',
  createdBy: { username: 'mara', firstName: 'Mara', lastName: 'Berger' },
  status: 'ACTIVE',
  address: { street: '', number: '', city: '', country: '', postalCode: '' },
});

const created = (body: Record<string, unknown>): Project => ({
  id: 11,
  description: '',
  progress: 0,
  status: 'NEW',
  creationName: 'mara',
  assignedUser: null,
  address: { street: '', number: '', city: '', katastral: null, postalCode: '', country: '' },
  ...(body as Partial<Project>),
  name: String(body.name),
});

function setup(handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/ClientManagment/mara': () => json(200, [customer('klara', 'Klara'), customer('karl', 'Karl')]),
    'POST /api/ProjectManagment': (call) => json(201, created(call.body as Record<string, unknown>)),
    ...handlers,
  });
  const close = vi.fn();
  const rendered = renderWithProviders(<CreateProjectModal close={close} props={{}} />, { user: sessionUser('mara', ['ARCHI']) });
  return { api, close, ...rendered };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Projekt erstellen' }));

describe('CreateProjectModal', () => {
  it("loads the caller's customers on opening and sends the chosen one as assignedUser", async () => {
    const { api, close, queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(api.callsTo('GET', '/api/ClientManagment/mara')).toHaveLength(1);
    await screen.findByRole('option', { name: 'Klara Kundin' });
    await userEvent.type(screen.getByLabelText('Projektname'), 'Sanierung Annenstraße');
    await userEvent.selectOptions(screen.getByLabelText('Kunde/Kundin'), 'klara');
    await userEvent.type(screen.getByLabelText('Straße'), 'Annenstraße');
    await userEvent.type(screen.getByLabelText('Hausnummer'), '12');
    await userEvent.type(screen.getByLabelText('Katastralgemeinde (KG-Nummer)'), '63101');
    await userEvent.type(screen.getByLabelText('Postleitzahl'), '8020');
    await submit();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/ProjectManagment')[0]?.body).toEqual({
      name: 'Sanierung Annenstraße',
      assignedUser: 'klara',
      creationName: 'mara',
      description: '',
      address: { street: 'Annenstraße', number: '12', city: '', katastral: 63101, postalCode: '8020', country: '' },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['projects'] });
  });

  it("takes a house number such as '12/3/5' in a text input and sends it as text", async () => {
    const { api, close } = setup();
    await screen.findByRole('option', { name: 'Klara Kundin' });
    const houseNumber = screen.getByLabelText('Hausnummer');
    expect(houseNumber.getAttribute('type')).toBe('text');
    await userEvent.type(screen.getByLabelText('Projektname'), 'Zubau');
    await userEvent.type(houseNumber, '12/3/5');
    await submit();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/ProjectManagment')[0]?.body).toMatchObject({ address: { number: '12/3/5' } });
  });

  it('names customers by name, with the username only beside a name two of them share', async () => {
    setup({ 'GET /api/ClientManagment/mara': () => json(200, [customer('klara', 'Klara'), customer('klara2', 'Klara'), customer('karl', 'Karl')]) });
    await screen.findByRole('option', { name: 'Karl Kundin' });
    const labels = screen.getAllByRole('option').map((option) => option.textContent);
    expect(labels).toEqual(['Ohne Kunde/Kundin (nicht zugewiesen)', 'Klara Kundin (klara)', 'Klara Kundin (klara2)', 'Karl Kundin']);
  });

  it('sends no customer for the empty choice', async () => {
    const { api, close } = setup();
    await screen.findByRole('option', { name: 'Klara Kundin' });
    await userEvent.type(screen.getByLabelText('Projektname'), 'Ohne Kunde');
    await submit();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/ProjectManagment')[0]?.body).toMatchObject({ assignedUser: null });
  });

  it("checks the name and the Katastralgemeinde with the schema's messages before sending", async () => {
    const { api } = setup();
    await userEvent.type(screen.getByLabelText('Katastralgemeinde (KG-Nummer)'), '5');
    await submit();
    expect(await screen.findByText('Bitte geben Sie einen Projektnamen ein.')).toBeTruthy();
    expect(screen.getByText('Der Wert darf nicht kleiner als 01002 sein.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/ProjectManagment')).toHaveLength(0);
  });

  it("shows 'Fehler beim Erstellen des Projekts' with the reason and re-enables the button", async () => {
    const { close } = setup({ 'POST /api/ProjectManagment': () => json(404, { message: 'Diese Kundin bzw. diesen Kunden gibt es nicht.', code: 'NOT_FOUND' }) });
    await userEvent.type(screen.getByLabelText('Projektname'), 'Sanierung');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler beim Erstellen des Projekts Diese Kundin bzw. diesen Kunden gibt es nicht.');
    expect(screen.getByRole('button', { name: 'Projekt erstellen' }).hasAttribute('disabled')).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });
});
