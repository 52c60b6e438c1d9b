import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { clearSelectedProject, selectProject, suppressMissingProjectWarning } from '../../platform/project/project-selection';
import { NavigationGuard } from '../../platform/unsaved-changes/unsaved-changes-provider';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, sessionUser } from '../../test/render';

/** Every route but the page under test names itself, so a test sees where the page went. */
function Elsewhere() {
  return <p>Seite {useLocation().pathname}</p>;
}

interface Options {
  path: string;
  handlers: Parameters<typeof stubApi>[0];
  roles?: string[];
  /** The project held in the session; null for none. */
  projectId?: string | null;
  /** As after the sidebar's Home: the missing-project warning is suppressed. */
  suppressed?: boolean;
  /** The query the page opens with, e.g. '?frage=roofType'. */
  search?: string;
}

/** Renders a questionnaire page at its route with a stubbed API and a selected project (7 unless told). */
export function renderStep(page: ReactElement, { path, handlers, roles = ['CLIENT'], projectId = '7', suppressed = false, search = '' }: Options) {
  sessionStorage.clear();
  // Selecting lifts a suppression an earlier test left in the module.
  selectProject(projectId ?? '0');
  if (projectId === null) clearSelectedProject();
  if (suppressed) suppressMissingProjectWarning();
  const api = stubApi(handlers);
  // As in the app shell: a changed step asks before any navigation leaves it.
  const ui = (
    <>
      <NavigationGuard />
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </>
  );
  const rendered = renderWithProviders(ui, { user: sessionUser('kundin', roles), route: path + search, path: '*', dataRouter: true });
  return { ...rendered, api };
}

export const field = <T extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<T>(label);

/** Chooses by value (two glazings share a label); waits for the form, which appears after loading. */
export const select = async (label: string, value: string) => userEvent.selectOptions(await screen.findByLabelText(label), value);

/** Picks Ja or Nein in the Ja/Nein question with this label. */
export const answer = async (question: string, choice: 'Ja' | 'Nein') =>
  userEvent.click(within(await screen.findByRole('radiogroup', { name: question })).getByRole('radio', { name: choice }));

export const press = (name: string) => userEvent.click(screen.getByRole('button', { name }));
