import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAddress, projectStatusLabels, type Project } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DataTable } from '../../components/ui/data-table';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { progressPercent } from './project-progress';
import { selectProject } from './project-selection';
import { fetchProjects, projectKeys } from './projects-api';

const t = de.projects.list;

/** Spec section 9: 300 ms after choosing a project the overview loads. */
export const openProjectDelayMs = 300;

function ProjectRow({ project, opening, onOpen }: { project: Project; opening: boolean; onOpen(): void }) {
  const percent = progressPercent(project.progress);
  return (
    <tr className="border-b border-border align-top last:border-0">
      <th scope="row" className="py-2 pr-4 text-left font-medium">
        <Button variant="link" className="h-auto whitespace-normal p-0 text-left" disabled={opening} onClick={onOpen}>
          {project.name}
        </Button>
      </th>
      <td className="py-2 pr-4">{project.assignedUser ?? de.projects.unassigned}</td>
      <td className="py-2 pr-4">{projectStatusLabels[project.status]}</td>
      <td className="py-2 pr-4">{percent === null ? '–' : `${percent} %`}</td>
      <td className="py-2">{formatAddress(project.address) || '–'}</td>
    </tr>
  );
}

/**
 * 'Projektübersicht' list: every project of the architect's team. Choosing one stores its id and,
 * after 300 ms, fully loads /projectOverview (spec section 2).
 */
export function ProjectsModal() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const projects = useQuery({ queryKey: projectKeys.list(username), queryFn: () => fetchProjects(username), enabled: user !== null });
  const [opening, setOpening] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const open = (projectId: number) => {
    selectProject(projectId);
    setOpening(true);
    timer.current = window.setTimeout(() => window.location.assign('/projectOverview'), openProjectDelayMs);
  };

  return (
    <QueryStates query={projects} errorText={t.loadFailed} emptyText={t.empty}>
      {(items) => (
        <div className="flex flex-col gap-3">
          {opening ? <Spinner label={t.opening} /> : null}
          <DataTable caption={t.caption} columns={[t.name, t.customer, t.status, t.progress, t.address]}>
            {items.map((project) => (
              <ProjectRow key={project.id} project={project} opening={opening} onOpen={() => open(project.id)} />
            ))}
          </DataTable>
        </div>
      )}
    </QueryStates>
  );
}
