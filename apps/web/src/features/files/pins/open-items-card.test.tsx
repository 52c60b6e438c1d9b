import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { FollowUp, PinAssignee, PlanOpenItem, ProjectFile } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../../test/api-stub';
import { fakeLiveChannel } from '../../../test/fake-live-channel';
import { renderWithProviders, sessionUser } from '../../../test/render';
import { LiveChatContext } from '../../../platform/live/live-chat-context';
import { OpenItemsCard } from './open-items-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
const item = (fields: Partial<PlanOpenItem>): PlanOpenItem => ({
  anchor: 'PLAN',
  id: 1,
  fileId: 34,
  page: 2,
  x: 0.25,
  y: 0.5,
  number: 1,
  comment: 'Riss links vom Fenster',
  photoFileId: null,
  photoFileIds: [],
  author: klara,
  authorName: 'Klara Kundin',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  version: 2,
  status: 'OFFEN',
  kind: 'MANGEL',
  responsible: klara,
  dueDate: '2020-01-15',
  planId: 30,
  planName: 'Grundriss EG',
  carriedFromPinId: null,
  fileVersion: 2,
  ...fields,
});
const mara = { username: 'mara', firstName: 'Mara', lastName: 'Berger' };
const followUp: FollowUp = {
  anchor: 'QUESTION',
  id: 1,
  questionKey: 'windowConstructionYear',
  step: 'windows',
  question: 'Baujahr der Fenster',
  comment: 'Sind die Fenster wirklich älter als das Haus?',
  status: 'OFFEN',
  kind: 'RUECKFRAGE',
  responsible: klara,
  dueDate: null,
  author: mara,
  authorName: 'Mara Berger',
  createdAt: '2026-11-28T08:00:00.000Z',
  answer: null,
  answeredByName: null,
  answeredAt: null,
  version: 1,
};
const items = [item({}), item({ id: 2, number: 2, comment: 'Welche Fliesen?', kind: 'RUECKFRAGE', responsible: null, dueDate: null, status: 'IN_BEARBEITUNG' }), followUp];
const assignees: PinAssignee[] = [{ ...klara, role: 'CLIENT' }];
const files = [{ id: 34, planId: 30, name: 'Grundriss EG' } as ProjectFile];

function Location() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <p data-testid="location">{search}</p>
    </>
  );
}

function setup(user = sessionUser('mara', ['ARCHI']), overrides: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/export/open-items/7': () =>
      new Response('%PDF-1.7 Bauakte', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="offene_punkte_7_Altbau.pdf"' } }),
    'GET /api/s3/project/7/open-items': () => json(200, items),
    'GET /api/s3/project/7/assignees': () => json(200, assignees),
    'GET /api/s3/project/7': () => json(200, files),
    ...overrides,
  });
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <OpenItemsCard projectId="7" />
      <Location />
    </LiveChatContext.Provider>,
    { user, route: '/projectOverview?projectId=7', path: '*' },
  );
  return { api, live };
}

const requested = (api: ReturnType<typeof stubApi>) => api.calls.filter((call) => call.path.startsWith('/api/s3/project/7/open-items')).map((call) => call.path);

describe("'Offene Punkte'", () => {
  it('lists the items not yet done with plan, version, page and due date, the overdue one marked', async () => {
    const { api } = setup();
    const list = await screen.findByRole('list', { name: 'Offene Punkte' });
    await within(list).findByText('Riss links vom Fenster');
    expect(requested(api)[0]).toBe('/api/s3/project/7/open-items?status=UNERLEDIGT&page=1&limit=50');
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Grundriss EG · Version 2 · Seite 2')).toBeTruthy();
    expect(within(first!).getByText(/15\.01\.2020 \(überfällig\)/)).toBeTruthy();
    expect(within(second!).getByText('In Bearbeitung')).toBeTruthy();
    expect(within(second!).queryByText(/überfällig/)).toBeNull();
    // A follow-up on an answer is an item of the same list, named by its question (with the same id as a pin: both shown).
    expect(within(third!).getByText('Fragebogen · Fenster · Baujahr der Fenster')).toBeTruthy();
    expect(within(third!).getByText('Sind die Fenster wirklich älter als das Haus?')).toBeTruthy();
    expect(within(third!).getByText('Rückfrage')).toBeTruthy();
    expect(within(third!).getByText('Zuständig: Klara Kundin')).toBeTruthy();
    expect(screen.getByText('3 Punkte')).toBeTruthy();
  });

  it('opens the step of a follow-up at its question, with the project chosen', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Rückfrage zu „Baujahr der Fenster“ im Fragebogen öffnen' }));
    expect(screen.getByTestId('path').textContent).toBe('/windows');
    expect(screen.getByTestId('location').textContent).toBe('?frage=windowConstructionYear');
    expect(sessionStorage.getItem('projectId')).toBe('7');
  });

  it("shows a long list a page at a time: 'Mehr als 50 Punkte', and 'Mehr laden' adds the next page", async () => {
    const many = Array.from({ length: 50 }, (_, index) => item({ id: 100 + index, number: index + 1, comment: `Punkt ${index + 1}`, dueDate: null }));
    setup(sessionUser('mara', ['ARCHI']), { 'GET /api/s3/project/7/open-items': (call) => json(200, call.path.includes('page=2') ? [item({ id: 500, number: 51, comment: 'Der letzte Punkt', dueDate: null })] : many) });
    expect(await screen.findByText('Mehr als 50 Punkte')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Der letzte Punkt')).toBeTruthy();
    expect(screen.getByText('51 Punkte')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
  });

  it('asks again with the filters chosen: status, responsible person, kind, plan and due date', async () => {
    const { api } = setup();
    await screen.findByText('Riss links vom Fenster');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Erledigt');
    await userEvent.selectOptions(await screen.findByLabelText('Zuständig'), await screen.findByRole('option', { name: 'Klara Kundin' }));
    await userEvent.selectOptions(screen.getByLabelText('Art'), 'Mangel');
    await userEvent.selectOptions(screen.getByLabelText('Plan'), await screen.findByRole('option', { name: 'Grundriss EG' }));
    await userEvent.selectOptions(screen.getByLabelText('Fälligkeit'), 'Überfällig');
    await waitFor(() => expect(requested(api).at(-1)).toBe('/api/s3/project/7/open-items?status=ERLEDIGT&responsible=klara&kind=MANGEL&planId=30&due=OVERDUE&page=1&limit=50'));
  });

  it('opens the plan in the viewer at the item: its file, page and pin go into the address', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung 1 auf Grundriss EG im Plan öffnen' }));
    expect(screen.getByTestId('location').textContent).toBe('?projectId=7&plan=34&page=2&pin=1&ofPlan=30');
  });

  it('reads the list again when the live channel says a pin of the project changed', async () => {
    const { api, live } = setup();
    await screen.findByText('Riss links vom Fenster');
    const before = requested(api).length;
    act(() => live.deliver('/topic/project/7/pins', { fileId: 34, pinId: 1 }));
    await waitFor(() => expect(requested(api).length).toBeGreaterThan(before));
  });

  it("downloads 'Offene Punkte als PDF' with the card's current filters, for the architects only", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { api } = setup();
    await screen.findByText('Riss links vom Fenster');
    await userEvent.selectOptions(screen.getByLabelText('Art'), 'Mangel');
    await userEvent.click(screen.getByRole('button', { name: 'Offene Punkte als PDF' }));
    await waitFor(() => expect(saved).toEqual(['offene_punkte_7_Altbau.pdf']));
    expect(api.calls.filter((call) => call.path.startsWith('/api/export/')).map((call) => call.path)).toEqual(['/api/export/open-items/7?status=UNERLEDIGT&kind=MANGEL']);
    expect(await screen.findByText('offene_punkte_7_Altbau.pdf wurde heruntergeladen.')).toBeTruthy();
    cleanup();
    setup(sessionUser('klara', ['CLIENT']));
    await screen.findByText('Riss links vom Fenster');
    expect(screen.queryByRole('button', { name: 'Offene Punkte als PDF' })).toBeNull();
  });
});
