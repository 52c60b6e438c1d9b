import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PrivacyNotice } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { PrivacyPage } from './privacy-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notice: PrivacyNotice = {
  controller: {
    company: 'Planwerk Muster GmbH', street: 'Kärntner Straße 5', postalCode: '1010', city: 'Wien', country: 'Österreich',
    email: 'office@planwerk.at', phone: '+43 1 555 00',
  },
  contactEmail: 'datenschutz@planwerk.at',
  hosting: 'Exoscale, Wien',
};

describe('PrivacyPage', () => {
  it('names the operator as controller, the data-protection contact and the hosting, without a login', async () => {
    const api = stubApi({ 'GET /api/privacy': () => json(200, notice) });
    renderWithProviders(<PrivacyPage />, { route: '/datenschutz', path: '/datenschutz' });
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeTruthy();
    expect(await screen.findByText(/Planwerk Muster GmbH/)).toBeTruthy();
    expect(screen.getByText(/Kärntner Straße 5, 1010 Wien, Österreich/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'datenschutz@planwerk.at' }).getAttribute('href')).toBe('mailto:datenschutz@planwerk.at');
    expect(screen.getByText('Exoscale, Wien')).toBeTruthy();
    expect(screen.getByText(/Art\. 6 Abs\. 1 lit\. b DSGVO/)).toBeTruthy();
    expect(screen.getByText(/Art\. 6 Abs\. 1 lit\. f DSGVO/)).toBeTruthy();
    expect(screen.getByText(/Österreichischen Datenschutzbehörde/)).toBeTruthy();
    expect(screen.getByText(/sessionStorage/)).toBeTruthy();
    expect(document.title).toBe('Datenschutzerklärung – Bauakte');
    expect(api.callsTo('GET', '/api/privacy')[0]?.authorization).toBeUndefined();
  });

  it('says so in German when the details cannot be loaded', async () => {
    stubApi({ 'GET /api/privacy': () => json(500, { message: 'kaputt' }) });
    renderWithProviders(<PrivacyPage />, { route: '/datenschutz', path: '/datenschutz' });
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datenschutzerklärung konnte nicht geladen werden.');
  });
});
