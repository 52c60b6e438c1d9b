import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { QuestionnaireStep } from '@bauakte/domain/labels';
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
 * send only what the person changed since the step was loaded, with the version it was loaded at
 * (If-Match): answers someone else saved meanwhile are not overwritten with the ones this page
 * showed. An emptied answer is sent as null (see general-page.test).
 */
describe('a questionnaire save', () => {
  it.each(pages)('of %s sends only the changed answers, with the loaded version as If-Match', async (step, page, button) => {
    const { api } = renderStep(page, {
      path: `/${step}`,
      handlers: { [`GET /api/${step}/7`]: () => json(200, {}, { etag: '"3"' }), [`PUT /api/${step}/7`]: ({ body }) => json(200, body, { etag: '"4"' }) },
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

    const [save] = api.callsTo('PUT', `/api/${step}/7`);
    expect(save?.headers['if-match']).toBe('"3"');
    expect(save?.body).toEqual(step === 'windows' ? { isDifferentWindows: false, isRollerBlindHousing: false } : {});
  });
});
