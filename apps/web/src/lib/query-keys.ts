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
  /** The other steps' answers a step's plausibility checks compare with. */
  compared: (projectId: string, step: QuestionnaireStep) => ['questionnaire', projectId, step, 'compared'] as const,
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
  /** The photos to the questions of the project's questionnaire. */
  questionPhotos: (projectId: string) => ['files', 'question-photos', projectId] as const,
};

/** A plan's pins, by project and file: the live channel says which file's pins changed. */
export const pinKeys = {
  all: ['pins'] as const,
  project: (projectId: string) => ['pins', projectId] as const,
  file: (projectId: string, fileId: number) => ['pins', projectId, fileId] as const,
  /** Per project: items not done and overdue ones (the dashboards). */
  counts: ['pins', 'counts'] as const,
  /** The user's own items not done, in every project. */
  mine: ['pins', 'mine'] as const,
  /** Whom the project's items may be assigned to. */
  assignees: (projectId: string) => ['pins', projectId, 'assignees'] as const,
  /** The photos of the project's items, with their items ('Fotos'). */
  photos: (projectId: string) => ['pins', projectId, 'photos'] as const,
  /** The project's list 'Offene Punkte', all filters or one. */
  openItems: (projectId: string) => ['pins', projectId, 'open-items'] as const,
  /** The project's follow-ups on questionnaire answers ('Rückfrage'), items of the same list. */
  followUps: (projectId: string) => ['pins', projectId, 'follow-ups'] as const,
  openItemsFiltered: (projectId: string, filter: Record<string, string>) => ['pins', projectId, 'open-items', filter] as const,
};

export const chatKeys = {
  all: ['chat'] as const,
  conversations: (username: string) => ['chat', 'conversations', username] as const,
  latest: (username: string, chatId: number) => ['chat', 'latest', username, chatId] as const,
  newest: (username: string) => ['chat', 'newest', username] as const,
  partners: ['chat', 'partners'] as const,
  unread: ['chat', 'unread'] as const,
};

/** What a user made available offline of a project on this device: when, how much, what was left out. */
export const offlineKeys = {
  project: (username: string, projectId: string) => ['offline', 'project', username.toLowerCase(), projectId] as const,
};
