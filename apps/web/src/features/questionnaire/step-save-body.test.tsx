import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { questionnaireSchemas, type QuestionnaireStep } from '@bauakte/domain';
import { json } from '../../test/api-stub';
import { GeneralPage } from './general-page';
import { HeatingPage } from './heating-page';
import { answer, press, renderStep } from './questionnaire-test-utils';
import { StoreysPage } from './storeys-page';
import { WindowsPage } from './windows-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pages: [QuestionnaireStep, ReactElement, string][] = [
  ['general', <GeneralPage />, 'Speichern und Weiter'],
  ['storeys', <StoreysPage />, 'Speichern und Weiter'],
  ['windows', <WindowsPage />, 'Speichern und Weiter'],
  ['heating', <HeatingPage />, 'Speichern'],
];

/**
 * The server merges a save into the stored answers (what is sent changes, null clears). The pages
 * send the whole step, so a question left empty is cleared rather than kept from an older save —
 * except the window details while the windows differ: those stay as stored (see windows-page.test).
 */
describe('a questionnaire save', () => {
  it.each(pages)('of %s sends every field of the step, unanswered ones as null', async (step, page, button) => {
    const { api } = renderStep(page, {
      path: `/${step}`,
      handlers: { [`GET /api/${step}/7`]: () => json(200, {}), [`PUT /api/${step}/7`]: ({ body }) => json(200, body) },
    });
    await screen.findByRole('button', { name: button });
    // The one question every save needs (spec section 3: isDifferentWindows is required); with
    // 'Nein' the step also needs isRollerBlindHousing, the rest stays unanswered.
    if (step === 'windows') {
      await answer('Gibt es unterschiedliche Fenster?', 'Nein');
      await answer('Gibt es Rollladenkästen?', 'Nein');
    }
    await press(button);
    expect(await screen.findByText(/^Seite /)).toBeTruthy();

    const body = api.callsTo('PUT', `/api/${step}/7`)[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(questionnaireSchemas[step].shape).sort());
    const unanswered = Object.entries(body).filter(([name]) => !['roof', 'isDifferentWindows', 'isRollerBlindHousing'].includes(name));
    for (const [, value] of unanswered) expect(value).toBeNull();
  });
});
