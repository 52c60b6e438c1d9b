import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { OpenItemCount, OwnOpenItem } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../../test/render';
import { fakeLiveChannel } from '../../../test/fake-live-channel';
import { LiveChatContext } from '../../../platform/live/live-chat-context';
import { OpenItemCountLine } from './open-item-counts';
import { OwnOpenItems } from './own-open-items';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
const own: OwnOpenItem = {
  anchor: 'PLAN',
  id: 5,
  fileId: 34,
  page: 2,
  x: 0.5,
  y: 0.5,
  number: 3,
  comment: 'Fliesenfarbe wählen',
  photoFileId: null,
  photoFileIds: [],
  author: klara,
  authorName: 'Klara Kundin',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  version: 2,
  status: 'OFFEN',
  kind: 'RUECKFRAGE',
  responsible: klara,
  dueDate: '2020-02-01',
  planId: 30,
  planName: 'Grundriss EG',
  carriedFromPinId: null,
  fileVersion: 1,
  projectId: 7,
  projectName: 'Sanierung Annenstraße',
};

describe('open items on the dashboards', () => {
  it("says 'N offen, davon M überfällig' under a project, 'N offen' without overdue ones, and nothing without open items", async () => {
    const counts: OpenItemCount[] = [
      { projectId: 7, open: 4, overdue: 1 },
      { projectId: 8, open: 2, overdue: 0 },
    ];
    stubApi({ 'GET /api/s3/open-items/summary': () => json(200, counts) });
    renderWithProviders(
      <ul>
        {[7, 8, 9].map((id) => (
          <li key={id} data-testid={`project-${id}`}>
            <OpenItemCountLine projectId={id} />
          </li>
        ))}
      </ul>,
      { user: sessionUser('mara', ['ARCHI']) },
    );
    expect(await screen.findByText('4 offen, davon 1 überfällig')).toBeTruthy();
    expect(screen.getByTestId('project-8').textContent).toBe('Offene Punkte: 2 offen');
    expect(screen.getByTestId('project-9').textContent).toBe('');
  });

  it('counts again when the live channel says the items of one of the user\'s projects changed', async () => {
    let open = 1;
    const api = stubApi({ 'GET /api/s3/open-items/summary': () => json(200, [{ projectId: 7, open, overdue: 0 }]) });
    const live = fakeLiveChannel();
    live.connect();
    renderWithProviders(
      <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
        <OpenItemCountLine projectId={7} />
        <OpenItemCountLine projectId={8} />
      </LiveChatContext.Provider>,
      { user: sessionUser('mara', ['ARCHI']) },
    );
    expect(await screen.findByText('1 offen')).toBeTruthy();
    open = 2;
    act(() => live.deliver('/topic/user/mara/items', { projectId: 7 }));
    expect(await screen.findByText('2 offen')).toBeTruthy();
    expect(api.callsTo('GET', '/api/s3/open-items/summary')).toHaveLength(2);
  });

  it("lists 'Ihre offenen Punkte' with project, plan and due date, each a link to the plan at the item", async () => {
    stubApi({ 'GET /api/s3/open-items/mine': () => json(200, [own]) });
    renderWithProviders(<OwnOpenItems />, { user: sessionUser('klara', ['CLIENT']) });
    const link = await screen.findByRole('link', { name: /Fliesenfarbe wählen/ });
    expect(link.getAttribute('href')).toBe('/projectOverview?projectId=7&plan=34&page=2&pin=5&ofPlan=30');
    expect(screen.getByRole('heading', { name: 'Ihre offenen Punkte' })).toBeTruthy();
    expect(screen.getByText('Sanierung Annenstraße · Grundriss EG · Seite 2')).toBeTruthy();
    expect(screen.getByText(/01\.02\.2020 \(überfällig\)/)).toBeTruthy();
  });

  it("says 'Ihr Architekt hat eine Rückfrage zu: …' for a follow-up on an answer, a link to its question's step in its project", async () => {
    const followUp: OwnOpenItem = {
      anchor: 'QUESTION', id: 5, questionKey: 'windowConstructionYear', step: 'windows', question: 'Baujahr der Fenster',
      comment: 'Sind die Fenster wirklich älter als das Haus?', status: 'OFFEN', kind: 'RUECKFRAGE', responsible: klara, dueDate: null,
      author: null, authorName: 'Mara Berger', createdAt: '2026-11-28T08:00:00.000Z', answer: null, answeredByName: null, answeredAt: null, version: 1,
      projectId: 8, projectName: 'Dachausbau Lend',
    };
    stubApi({ 'GET /api/s3/open-items/mine': () => json(200, [own, followUp]) });
    renderWithProviders(<OwnOpenItems />, { user: sessionUser('klara', ['CLIENT']) });
    const link = await screen.findByRole('link', { name: /Ihr Architekt hat eine Rückfrage zu: Baujahr der Fenster/ });
    expect(link.getAttribute('href')).toBe('/windows?frage=windowConstructionYear');
    expect(screen.getByText('Dachausbau Lend · Fragebogen · Fenster')).toBeTruthy();
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(sessionStorage.getItem('projectId')).toBe('8');
  });

  it('shows nothing while the person has no open items', async () => {
    const api = stubApi({ 'GET /api/s3/open-items/mine': () => json(200, []) });
    const { container } = renderWithProviders(<OwnOpenItems />, { user: sessionUser('klara', ['CLIENT']) });
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/s3/open-items/mine')).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
