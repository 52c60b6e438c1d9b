import { formatAddress, formatKatastral, projectStatusLabels, type ProjectSearchItem } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { ProjectProgress } from '../projects/project-progress';
import { CustomerName, ProjectSearchControls, ProjectSearchResults } from '../projects/project-search';
import { useProjectSearch } from '../projects/use-project-search';
import { useOpenProject } from './use-open-project';

const t = de.projects.search;

function ProjectRow({ project, among, onOpen }: { project: ProjectSearchItem; among: readonly ProjectSearchItem[]; onOpen(): void }) {
  const katastral = formatKatastral(project.address.katastral);
  const address = [formatAddress(project.address), katastral ? t.katastral(katastral) : ''].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <Button variant="link" className="h-auto justify-start whitespace-normal p-0 text-left text-base font-medium" onClick={onOpen}>
        {project.name}
      </Button>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t.customer}</dt>
        <dd>
          <CustomerName customer={project.customer} among={among} />
        </dd>
        <dt className="text-muted-foreground">{t.address}</dt>
        <dd className="break-words">{address || '–'}</dd>
        <dt className="text-muted-foreground">{t.changedAt}</dt>
        <dd>
          <time dateTime={project.changedAt}>{dateTimeText(project.changedAt)}</time>
        </dd>
      </dl>
      <ProjectProgress value={project.progress} statusLabel={projectStatusLabels[project.status]} />
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
