import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { json } from '../../test/api-stub';
import { answer, field, press, renderStep, select } from './questionnaire-test-utils';
import { StoreysPage } from './storeys-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(handlers: Parameters<typeof renderStep>[1]['handlers'] = {}) {
  return renderStep(<StoreysPage />, {
    path: '/storeys',
    handlers: { 'GET /api/storeys/7': () => json(200, {}), 'PUT /api/storeys/7': ({ body }) => json(200, body), ...handlers },
  });
}

const radio = (question: string, choice: 'Ja' | 'Nein') =>
  within(screen.getByRole('radiogroup', { name: question })).getByRole<HTMLInputElement>('radio', { name: choice });

describe('StoreysPage', () => {
  it('prefills the roof, the storey count and the Ja/Nein answers', async () => {
    setup({
      'GET /api/storeys/7': () =>
        json(200, { roof: { roofType: 'ZELTDACH', isAtticHeated: true }, numberOfStoreys: '12', isBasementHeated: false, isRenovated: null }),
    });
    expect((await screen.findByLabelText<HTMLSelectElement>('Dachform')).value).toBe('ZELTDACH');
    expect(screen.getByText('Schritt 2 von 4')).toBeTruthy();
    expect(radio('Ist der Dachboden beheizt?', 'Ja').checked).toBe(true);
    expect(field<HTMLSelectElement>('Anzahl der Geschoße (ohne Dachboden und Keller)').value).toBe('12');
    expect(radio('Ist der Keller beheizt?', 'Nein').checked).toBe(true);
    expect(radio('Wurde das Gebäude bereits saniert?', 'Ja').checked).toBe(false);
    expect(radio('Wurde das Gebäude bereits saniert?', 'Nein').checked).toBe(false);
  });

  it("a never-saved step reads the attic as not heated (the schema's default)", async () => {
    setup();
    await screen.findByLabelText('Dachform');
    expect(radio('Ist der Dachboden beheizt?', 'Nein').checked).toBe(true);
  });

  it("'Speichern und Weiter' PUTs the changed answers to /api/storeys/7 and goes on to /windows", async () => {
    const { api } = setup();
    await select('Dachform', 'SATTELDACH');
    await answer('Ist der Dachboden beheizt?', 'Ja');
    await select('Anzahl der Geschoße (ohne Dachboden und Keller)', '3');
    await answer('Ist der Keller beheizt?', 'Nein');
    await press('Speichern und Weiter');

    expect(await screen.findByText('Seite /windows')).toBeTruthy();
    const [call] = api.callsTo('PUT', '/api/storeys/7');
    expect(call?.path).toBe('/api/storeys/7');
    // isRenovated stays unanswered as loaded: not sent, so a save of someone else's answer meanwhile stays.
    expect(call?.body).toEqual({
      roof: { roofType: 'SATTELDACH', isAtticHeated: true },
      numberOfStoreys: '3',
      isBasementHeated: false,
    });
  });

  it('disables the button with a spinner while saving', async () => {
    let finish: (response: Response) => void = () => undefined;
    setup({ 'PUT /api/storeys/7': () => new Promise<Response>((resolve) => (finish = resolve)) });
    await screen.findByLabelText('Dachform');
    await press('Speichern und Weiter');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern und Weiter' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    finish(json(200, {}));
    expect(await screen.findByText('Seite /windows')).toBeTruthy();
  });

  it('stays on the page, says so in German and shows the server\'s message beside the field, in German', async () => {
    const { api } = setup({
      'PUT /api/storeys/7': () =>
        json(400, {
          message: 'Die Eingaben sind ungültig.',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'body/numberOfStoreys', message: "Invalid option: expected one of '1' | '2'" }],
        }),
    });
    await select('Dachform', 'FLACHDACH');
    await press('Speichern und Weiter');

    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toContain('Speichern fehlgeschlagen. Bitte prüfen Sie Ihre Eingaben.');
    expect(alerts).toContain('Bitte wählen Sie eine der angebotenen Antworten.');
    expect(alerts).not.toContain("Invalid option: expected one of '1' | '2'");
    expect(api.callsTo('PUT', '/api/storeys/7')).toHaveLength(1);
    expect(screen.queryByText(/^Seite /)).toBeNull();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern und Weiter' });
    expect(button.disabled).toBe(false);
  });
});
