import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormError } from '../../components/ui/form-error';
import { useNotKeptOffline } from '../../platform/offline/kept-on-device';
import { NotKeptNotice } from '../../platform/offline/not-kept-notice';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { de } from '../../i18n/de';
import type { LoadMore } from '../../lib/use-load-more';
import { OpenItemCountLine } from '../files/pins/open-item-counts';
import { useOpenProject } from './use-open-project';

interface ProjectListProps<T extends { id: number; name: string }> {
  projects: UseQueryResult<T[]>;
  /** The list's query key: offline, whether it is kept on this device. */
  queryKey: readonly unknown[];
  label: string;
  empty: string;
  /** The line under the project's name. */
  details: (project: T) => ReactNode;
  /** A control beside the row (not inside its button), e.g. 'Fragebogen fortsetzen'. */
  action?: (project: T) => ReactNode;
  /** 'Mehr laden' below the rows, for a list served page by page. */
  more?: LoadMore;
}

/** A dashboard card's project list: loading, error, empty or rows that open the project. */
export function ProjectList<T extends { id: number; name: string }>({ projects, queryKey, label, empty, details, action, more }: ProjectListProps<T>) {
  const openProject = useOpenProject();
  const notKept = useNotKeptOffline(queryKey, projects);

  if (notKept) return <NotKeptNotice>{de.dashboard.projectsNotKeptOffline}</NotKeptNotice>;
  if (projects.isPending) return <p role="status" className="text-sm">{de.common.loading}</p>;
  if (projects.isError) return <FormError>{de.dashboard.projectsLoadFailed}</FormError>;
  if (projects.data.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;

  return (
    <>
    <ul aria-label={label} className="-mx-2 flex flex-col gap-1">
      {projects.data.map((project) => (
        <li key={project.id}>
          <button
            type="button"
            onClick={() => openProject(project.id)}
            className="flex w-full flex-col gap-1 rounded-md px-2 py-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="font-medium">{project.name}</span>
            {details(project)}
            <OpenItemCountLine projectId={project.id} />
          </button>
          {action ? <div className="px-2 pb-2">{action(project)}</div> : null}
        </li>
      ))}
    </ul>
    {more ? <LoadMoreButton more={more} /> : null}
    </>
  );
}
