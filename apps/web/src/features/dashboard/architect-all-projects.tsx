import { formatAddress, formatKatastral, projectStatusLabels } from '@bauakte/domain/labels';
import type { ProjectSearchItem } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { ProjectProgress } from '../../components/project-progress';
import { CustomerName, ProjectSearchControls, ProjectSearchResults } from '../projects/project-search';
import { useProjectSearch } from '../projects/use-project-search';
import { OpenItemCountLine } from '../files/pins/open-item-counts';
import { TakeAlongButton } from '../../platform/take-along/take-along-button';
import { useOpenProject } from './use-open-project';

const t = de.projects.search;

function ProjectRow({ project, among, onOpen }: { project: ProjectSearchItem; among: readonly ProjectSearchItem[]; onOpen(): void }) {
  const katastral = formatKatastral(project.address.katastral);
  const address = [formatAddress(project.address), katastral ? t.katastral(katastral) : ''].filter(Boolean).join(' · ');
  return (
    <li className="grid items-start gap-x-4 gap-y-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(9rem,14rem)]">
      <div className="flex min-w-0 flex-col gap-1">
        <Button variant="link" className="h-auto justify-start whitespace-normal p-0 text-left text-base font-medium" onClick={onOpen}>
          {project.name}
        </Button>
        <p className="text-sm">
          <span className="sr-only">{t.customer}: </span>
          <CustomerName customer={project.customer} among={among} />
        </p>
        <p className="break-words text-sm text-muted-foreground">
          <span className="sr-only">{t.address}: </span>
          {address || '–'}
        </p>
        <p className="text-xs text-muted-foreground">
          {t.changedAt}: <time dateTime={project.changedAt}>{dateTimeText(project.changedAt)}</time>
        </p>
        <OpenItemCountLine projectId={project.id} />
      </div>
      <div className="flex flex-col gap-2">
        <ProjectProgress value={project.progress} statusLabel={projectStatusLabels[project.status]} />
        <TakeAlongButton projectId={project.id} projectName={project.name} />
      </div>
    </li>
  );
}

/** 'Alle Projekte': every project of the team, searchable, filtered by status, sorted and paged. */
export function ArchitectAllProjects() {
  const search = useProjectSearch();
  const openProject = useOpenProject();
  return (
    <div className="flex flex-col gap-4">
      <ProjectSearchControls search={search} />
      <ProjectSearchResults search={search} emptyText={de.projects.list.empty} errorText={de.dashboard.projectsLoadFailed}>
        {(items) => (
          <ul aria-label={t.allTitle} className="flex flex-col gap-2">
            {items.map((project) => (
              <ProjectRow key={project.id} project={project} among={items} onOpen={() => openProject(project.id)} />
            ))}
          </ul>
        )}
      </ProjectSearchResults>
    </div>
  );
}
