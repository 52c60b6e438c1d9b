import { useQuery } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { useLoadMore } from '../../lib/use-load-more';
import { useSession } from '../../platform/session/session-context';
import { formatAddress } from '@bauakte/domain/labels';
import { clientProjectsQuery, fetchClientProjects } from '../projects/projects-api';
import { projectKeys } from '../../lib/query-keys';
import { ContinueQuestionnaireButton } from '../questionnaire/continue-questionnaire-button';
import { TakeAlongButton } from '../../platform/take-along/take-along-button';
import { ProjectList } from './project-list';

/** 'Projektübersicht' of the client dashboard: each project with its address, the way back into its questionnaire, and taking it along offline. */
export function ClientProjects() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const projects = useQuery({ ...clientProjectsQuery(username), enabled: user !== null });
  const more = useLoadMore({ queryKey: projectKeys.client(username), data: projects.data, fetchPage: (page) => fetchClientProjects(username, page), keyOf: (project) => project.id });
  return (
    <ProjectList
      projects={projects}
      queryKey={projectKeys.client(username)}
      label={de.dashboard.clientProjectsTitle}
      empty={de.dashboard.noClientProjects}
      more={more}
      details={(project) => {
        const address = formatAddress(project.address);
        return address ? <span className="text-xs text-muted-foreground">{address}</span> : null;
      }}
      action={(project) => (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
          <ContinueQuestionnaireButton projectId={project.id} progress={project.progress} className="w-full sm:w-auto" />
          <TakeAlongButton projectId={project.id} projectName={project.name} />
        </div>
      )}
    />
  );
}
