import type { QuestionnaireStep } from '@bauakte/domain/labels';
import type { DashboardName } from '@bauakte/domain/schemas';

// The query keys of every area in one place: a change in one area that alters another's data (a
// deleted customer, the projects listed for them) names the other's keys without importing that
// feature. A mutation invalidates its area's `all`; narrower keys for narrower reads.

/** Every admin list lives under this key, so one invalidation refreshes them all after a change. */
export const adminKeys = {
  all: ['admin'] as const,
  teams: ['admin', 'teams'] as const,
  architects: ['admin', 'architects'] as const,
  users: ['admin', 'users'] as const,
  mailFailures: ['admin', 'mail-failures'] as const,
};

/** The caller's own card layout of a dashboard. */
export const dashboardLayoutKeys = {
  of: (dashboard: DashboardName) => ['dashboardLayout', dashboard] as const,
};

export const questionnaireKeys = {
  step: (projectId: string, step: QuestionnaireStep) => ['questionnaire', projectId, step] as const,
  record: (projectId: string) => ['questionnaire', projectId, 'record'] as const,
};

/**
 * Every project list lives under 'projects' (news, the architects' list, the client list, the
 * overview), so one invalidation after any change keeps dashboards, lists and overview current.
 */
export const projectKeys = {
  all: ['projects'] as const,
  allNews: ['projects', 'news'] as const,
  news: (username: string) => ['projects', 'news', username.toLowerCase()] as const,
  list: (username: string) => ['projects', 'list', username.toLowerCase()] as const,
  /** The filter is the search form's (projects-api's ProjectSearchFilter). */
  search: (username: string, filter: object) => ['projects', 'search', username.toLowerCase(), filter] as const,
  client: (username: string) => ['projects', 'client', username.toLowerCase()] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  changes: (projectId: string) => ['projects', 'changes', projectId] as const,
};

/** The architect's customer lists live under 'customers': one invalidation refreshes them all. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (username: string) => ['customers', username.toLowerCase()] as const,
  /** Every page at once: the project dialog's choice of customer. */
  everyone: (username: string) => ['customers', username.toLowerCase(), 'all'] as const,
};

export const fileKeys = {
  all: ['files'] as const,
  /** The project's plans; it is also the start of its plans' versions, which it invalidates with it. */
  list: (projectId: string) => ['files', 'project', projectId] as const,
  /** Every version of the plan a file belongs to. */
  versions: (projectId: string, fileId: number) => ['files', 'project', projectId, 'versions', fileId] as const,
};

/** A plan's pins, by project and file: the live channel says which file's pins changed. */
export const pinKeys = {
  all: ['pins'] as const,
  project: (projectId: string) => ['pins', projectId] as const,
  file: (projectId: string, fileId: number) => ['pins', projectId, fileId] as const,
};

export const chatKeys = {
  all: ['chat'] as const,
  conversations: (username: string) => ['chat', 'conversations', username] as const,
  latest: (username: string, chatId: number) => ['chat', 'latest', username, chatId] as const,
  newest: (username: string) => ['chat', 'newest', username] as const,
  partners: ['chat', 'partners'] as const,
  unread: ['chat', 'unread'] as const,
};
