import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowUp } from '@bauakte/domain/schemas';
import { json } from '../../test/api-stub';
import { renderStep } from './questionnaire-test-utils';
import { WindowsPage } from './windows-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const klara = { username: 'kundin', firstName: 'Klara', lastName: 'Kundin' };
const asked: FollowUp = {
  anchor: 'QUESTION',
  id: 3,
  questionKey: 'windowConstructionYear',
  step: 'windows',
  question: 'Baujahr der Fenster',
  comment: 'Sind die Fenster wirklich von 1890?',
  status: 'OFFEN',
  kind: 'RUECKFRAGE',
  responsible: klara,
  dueDate: null,
  author: { username: 'mara', firstName: 'Mara', lastName: 'Berger' },
  authorName: 'Mara Berger',
  createdAt: '2026-12-07T09:00:00.000Z',
  answer: null,
  answeredByName: null,
  answeredAt: null,
  version: 1,
};

function setup(roles: string[], followUps: FollowUp[]) {
  let listed = followUps;
  return renderStep(<WindowsPage />, {
    path: '/windows',
    roles,
    handlers: {
      'GET /api/windows/7': () => json(200, { isDifferentWindows: false, windowConstructionYear: 1890 }),
      'GET /api/s3/project/7/question-photos': () => json(200, []),
      'GET /api/questionnaire/7/follow-ups': () => json(200, listed),
      'POST /api/questionnaire/7/follow-ups': () => {
        listed = [asked];
        return json(201, asked);
      },
      'POST /api/questionnaire/7/follow-ups/3/answer': () => {
        listed = [{ ...asked, status: 'ERLEDIGT', answer: 'Ja, laut Hausbuch.', answeredByName: 'Klara Kundin', answeredAt: '2026-12-07T10:00:00.000Z', version: 2 }];
        return json(200, listed[0]);
      },
    },
  });
}

describe("the architect's follow-up on an answer ('Rückfrage')", () => {
  it('an architect raises one on a question with a note; an empty note is refused in German; the step itself is not saved', async () => {
    const { api } = setup(['ARCHI'], []);
    // An answer changed on the step and not yet saved is not sent by the dialog's submit.
    // The field keeps its one label: the button names its question in hidden text.
    const year = await screen.findByLabelText(/Baujahr der Fenster/);
    await userEvent.clear(year);
    await userEvent.type(year, '1900');
    await userEvent.click(await screen.findByRole('button', { name: 'Rückfrage zu „Baujahr der Fenster“' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rückfrage zu „Baujahr der Fenster“' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rückfrage stellen' }));
    expect(await within(dialog).findByText('Bitte schreiben Sie Ihre Rückfrage.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Ihre Rückfrage/), 'Sind die Fenster wirklich von 1890?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rückfrage stellen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/questionnaire/7/follow-ups').map((call) => call.body)).toEqual([{ questionKey: 'windowConstructionYear', note: 'Sind die Fenster wirklich von 1890?' }]);
    expect(api.callsTo('PUT', '/api/windows/7')).toHaveLength(0);
    expect(screen.queryByText(/^Seite \//)).toBeNull();
    const list = await screen.findByRole('list', { name: 'Rückfragen zu „Baujahr der Fenster“' });
    expect(within(list).getByText('Sind die Fenster wirklich von 1890?')).toBeTruthy();
    expect(within(list).getByText('Offen')).toBeTruthy();
    // Answering is the client's.
    expect(within(list).queryByRole('button', { name: 'Antworten' })).toBeNull();
  });

  it('the client sees it under the question, answers it, and it is done', async () => {
    const { api } = setup(['CLIENT'], [asked]);
    const entry = await screen.findByRole('listitem', { name: 'Rückfrage 1 zu „Baujahr der Fenster“' });
    expect(within(entry).getByText(/Rückfrage von Mara Berger/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rückfrage zu „Baujahr der Fenster“' })).toBeNull();
    await userEvent.click(within(entry).getByRole('button', { name: 'Antworten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rückfrage zu „Baujahr der Fenster“ beantworten' });
    expect(within(dialog).getByText('Sind die Fenster wirklich von 1890?')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Ihre Antwort/), 'Ja, laut Hausbuch.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/questionnaire/7/follow-ups/3/answer').map((call) => call.body)).toEqual([{ text: 'Ja, laut Hausbuch.', version: 1 }]);
    expect(api.callsTo('PUT', '/api/windows/7')).toHaveLength(0);
    const done = await screen.findByRole('listitem', { name: 'Rückfrage 1 zu „Baujahr der Fenster“' });
    await within(done).findByText('Ja, laut Hausbuch.');
    expect(within(done).getByText('Erledigt')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Antworten' })).toBeNull();
  });
});
