import { useEffect, useRef, useState } from 'react';
import { formatAddress, projectStatusLabels } from '@bauakte/domain/labels';
import type { ProjectSearchItem } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DataTable } from '../../components/ui/data-table';
import { de } from '../../i18n/de';
import { progressPercent } from '../../components/project-progress';
import { CustomerName, ProjectSearchControls, ProjectSearchResults } from './project-search';
import { selectProject } from '../../platform/project/project-selection';
import { useProjectSearch } from './use-project-search';

const t = de.projects.list;

/** Spec section 9: 300 ms after choosing a project the overview loads. */
export const openProjectDelayMs = 300;

interface RowProps {
  project: ProjectSearchItem;
  among: readonly ProjectSearchItem[];
  opening: boolean;
  onOpen(): void;
}

function ProjectRow({ project, among, opening, onOpen }: RowProps) {
  const percent = progressPercent(project.progress);
  return (
    <tr className="border-b border-border align-top last:border-0">
      <th scope="row" className="py-2 pr-4 text-left font-medium">
        <Button variant="link" className="h-auto whitespace-normal p-0 text-left" disabled={opening} onClick={onOpen}>
          {project.name}
        </Button>
      </th>
      <td className="py-2 pr-4">
        <CustomerName customer={project.customer} among={among} />
      </td>
      <td className="py-2 pr-4">{projectStatusLabels[project.status]}</td>
      <td className="py-2 pr-4">{percent === null ? '–' : `${percent} %`}</td>
      <td className="py-2">{formatAddress(project.address) || '–'}</td>
    </tr>
  );
}

/**
 * 'Projektübersicht' list: the projects of the architect's team, searchable and sorted as on the
 * dashboard's 'Alle Projekte'. Choosing one stores its id and, after 300 ms, fully loads
 * /projectOverview (spec section 2).
 */
export function ProjectsModal() {
  const search = useProjectSearch();
  const [opening, setOpening] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const open = (projectId: number) => {
    selectProject(projectId);
    setOpening(true);
    timer.current = window.setTimeout(() => window.location.assign('/projectOverview'), openProjectDelayMs);
  };

  return (
    <div className="flex flex-col gap-4">
      <ProjectSearchControls search={search} />
      {opening ? <Spinner label={t.opening} /> : null}
      <ProjectSearchResults search={search} emptyText={t.empty} errorText={t.loadFailed}>
        {(items) => (
          <DataTable caption={t.caption} columns={[t.name, t.customer, t.status, t.progress, t.address]}>
            {items.map((project) => (
              <ProjectRow key={project.id} project={project} among={items} opening={opening} onOpen={() => open(project.id)} />
            ))}
          </DataTable>
        )}
      </ProjectSearchResults>
    </div>
  );
}
