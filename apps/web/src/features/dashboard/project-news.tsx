import { useQuery } from '@tanstack/react-query';
import { projectStatusLabels } from '@bauakte/domain';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { fetchProjectNews, projectKeys } from '../projects/projects-api';
import { ProjectList } from './project-list';

const t = de.dashboard;

/** 'Projekte mit Neuerungen': projects changed since the architect last opened them, newest first. */
export function ProjectNews() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const news = useQuery({ queryKey: projectKeys.news(username), queryFn: () => fetchProjectNews(username), enabled: user !== null });

  return (
    <ProjectList
      projects={news}
      label={t.newsTitle}
      empty={t.noNews}
      details={(project) => (
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
      )}
    />
  );
}
