import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { projectStatusLabels, type PersonName } from '@bauakte/domain/labels';
import type { DashboardProject } from '@bauakte/domain/schemas';
import { PersonNameText } from '../../components/person-name';
import { de } from '../../i18n/de';
import { useLoadMore } from '../../lib/use-load-more';
import { useSession } from '../../platform/session/session-context';
import { fetchProjectNews, projectNewsQuery } from '../projects/projects-api';
import { projectKeys } from '../../lib/query-keys';
import { ProjectList } from './project-list';

const t = de.dashboard;

/** The customer by name; by username from a server that sends no name; 'Nicht zugewiesen' without one. */
function customerOf(project: DashboardProject, among: readonly PersonName[]): ReactNode {
  if (project.customer) return <PersonNameText person={project.customer} among={among} />;
  return project.assignedUser ?? t.unassigned;
}

/** What changed since the architect last opened the project, and the customer's unread messages, as a server that counts them says. */
function whatIsNew(project: DashboardProject): string[] {
  const changes: string[] = [];
  if ((project.questionnaireChanges ?? 0) > 0 && project.progress !== undefined) changes.push(t.questionnaireProgress(project.progress));
  // A new version of a plan is a new file; the entry says which of them are versions.
  const newVersions = project.newVersions ?? 0;
  const newPlans = (project.newFiles ?? 0) - newVersions;
  if (newPlans > 0) changes.push(t.newFiles(newPlans));
  if (newVersions > 0) changes.push(t.newVersions(newVersions));
  if ((project.newPins ?? 0) > 0) changes.push(t.newPins(project.newPins ?? 0));
  if ((project.statusChanges ?? 0) > 0) changes.push(t.statusChanges(project.statusChanges ?? 0));
  if ((project.answeredFollowUps ?? 0) > 0) changes.push(t.answeredFollowUps(project.answeredFollowUps ?? 0));
  if ((project.unreadMessages ?? 0) > 0) changes.push(t.unreadMessages(project.unreadMessages ?? 0));
  return changes;
}

/** 'Projekte mit Neuerungen': projects changed since the architect last opened them, newest first. */
export function ProjectNews() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const news = useQuery({ ...projectNewsQuery(username), enabled: user !== null });
  const more = useLoadMore({ queryKey: projectKeys.news(username), data: news.data, fetchPage: (page) => fetchProjectNews(username, page), keyOf: (project) => project.id });
  const others = (news.data ?? []).flatMap((project) => (project.customer ? [project.customer] : []));

  return (
    <ProjectList
      projects={news}
      queryKey={projectKeys.news(username)}
      label={t.newsTitle}
      empty={t.noNews}
      more={more}
      details={(project) => (
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className="rounded bg-secondary px-1.5 py-0.5 font-medium text-secondary-foreground">
            <span className="sr-only">{t.status}: </span>
            {projectStatusLabels[project.status]}
          </span>
          <span>
            <span className="sr-only">{t.customer}: </span>
            {customerOf(project, others)}
          </span>
          {whatIsNew(project).map((change) => (
            <span key={change} className="font-medium text-foreground">
              <span className="sr-only">{t.whatIsNew}: </span>
              {change}
            </span>
          ))}
        </span>
      )}
    />
  );
}
