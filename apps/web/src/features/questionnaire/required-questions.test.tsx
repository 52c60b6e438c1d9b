import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { questionLabels, questionnaireSteps, requiredQuestions, stepQuestions, type QuestionnaireStep } from '@bauakte/domain/labels';
import { json } from '../../test/api-stub';
import { GeneralPage } from './general-page';
import { HeatingPage } from './heating-page';
import { renderStep } from './questionnaire-test-utils';
import { stepPaths } from '../../lib/questionnaire-links';
import { StoreysPage } from './storeys-page';
import { WindowsPage } from './windows-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pages: Record<QuestionnaireStep, ReactElement> = {
  general: <GeneralPage />,
  storeys: <StoreysPage />,
  windows: <WindowsPage />,
  heating: <HeatingPage />,
};

const legend = 'Mit * gekennzeichnete Felder sind Pflichtfelder.';

/** A question's control: the Ja/Nein group or the field named by the label. */
const controlOf = (label: string) => screen.queryByRole('radiogroup', { name: label }) ?? screen.getByLabelText(label);

describe('required questionnaire questions', () => {
  it.each(questionnaireSteps)("the %s page marks with '*' exactly the questions its step cannot be saved without", async (step) => {
    // Alike windows: every windows question is asked.
    renderStep(pages[step], { path: stepPaths[step], handlers: { [`GET /api/${step}/7`]: () => json(200, step === 'windows' ? { isDifferentWindows: false } : {}) } });
    await screen.findByRole('button', { name: /^Speichern/ });

    const marked = stepQuestions[step].filter((question) => controlOf(questionLabels[question]).getAttribute('aria-required') === 'true');
    expect(marked).toEqual(requiredQuestions[step]);
    expect(screen.queryAllByText('*')).toHaveLength(marked.length);
    expect(screen.queryByText(legend) !== null).toBe(marked.length > 0);
  });

  it("shows the '*' beside 'Gibt es Rollladenkästen?' and 'Gibt es unterschiedliche Fenster?' on step 3, and not beside the optional window questions", async () => {
    renderStep(<WindowsPage />, { path: '/windows', handlers: { 'GET /api/windows/7': () => json(200, { isDifferentWindows: false }) } });
    for (const question of ['Gibt es Rollladenkästen?', 'Gibt es unterschiedliche Fenster?']) {
      const group = await screen.findByRole('radiogroup', { name: question });
      expect(within(group).getByText('*')).toBeTruthy();
    }
    expect(screen.getByText(legend)).toBeTruthy();
    for (const optional of ['Baujahr der Fenster', 'Verglasung', 'Rahmenmaterial']) {
      expect(screen.getByLabelText(optional).getAttribute('aria-required')).toBeNull();
    }
  });
});
