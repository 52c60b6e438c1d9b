import { useQuery } from '@tanstack/react-query';
import { FormError } from '../../components/ui/form-error';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { formatAddress } from '../projects/project-address';
import { fetchClientProjects, projectKeys } from '../projects/projects-api';
import { useOpenProject } from './use-open-project';

const t = de.dashboard;

/** 'Projektübersicht' of the client dashboard: each project with its address. */
export function ClientProjects() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const projects = useQuery({ queryKey: projectKeys.client(username), queryFn: () => fetchClientProjects(username), enabled: user !== null });
  const openProject = useOpenProject();

  if (projects.isPending) return <p role="status" className="text-sm">{de.common.loading}</p>;
  if (projects.isError) return <FormError>{t.projectsLoadFailed}</FormError>;
  if (projects.data.length === 0) return <p className="text-sm text-muted-foreground">{t.noClientProjects}</p>;

  return (
    <ul aria-label={t.clientProjectsTitle} className="-mx-2 flex flex-col gap-1">
      {projects.data.map((project) => {
        const address = formatAddress(project.address);
        return (
          <li key={project.id}>
            <button
              type="button"
              onClick={() => openProject(project.id)}
              className="flex w-full flex-col gap-1 rounded-md px-2 py-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="font-medium">{project.name}</span>
              {address ? <span className="text-xs text-muted-foreground">{address}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
