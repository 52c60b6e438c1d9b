import { useQuery } from '@tanstack/react-query';
import { projectStatusLabels } from '@bauakte/domain';
import { FormError } from '../../components/ui/form-error';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { fetchProjectNews, projectKeys } from '../projects/projects-api';
import { useOpenProject } from './use-open-project';

const t = de.dashboard;

/** 'Projekte mit Neuerungen': projects changed since the architect last opened them, newest first. */
export function ProjectNews() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const news = useQuery({ queryKey: projectKeys.news(username), queryFn: () => fetchProjectNews(username), enabled: user !== null });
  const openProject = useOpenProject();

  if (news.isPending) return <p role="status" className="text-sm">{de.common.loading}</p>;
  if (news.isError) return <FormError>{t.projectsLoadFailed}</FormError>;
  if (news.data.length === 0) return <p className="text-sm text-muted-foreground">{t.noNews}</p>;

  return (
    <ul aria-label={t.newsTitle} className="-mx-2 flex flex-col gap-1">
      {news.data.map((project) => (
        <li key={project.id}>
          <button
            type="button"
            onClick={() => openProject(project.id)}
            className="flex w-full flex-col gap-1 rounded-md px-2 py-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="font-medium">{project.name}</span>
            <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span className="rounded bg-secondary px-1.5 py-0.5 font-medium text-secondary-foreground">
                <span className="sr-only">{t.status}: </span>
                {projectStatusLabels[project.status]}
              </span>
              <span>
                <span className="sr-only">{t.customer}: </span>
                {project.assignedUser ?? t.unassigned}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
