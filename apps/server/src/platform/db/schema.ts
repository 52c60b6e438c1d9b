import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DocumentType, MailKind, PinKind, PinStatus, QuestionKey, Role } from '@bauakte/domain';

/** Timestamps are ISO-8601 UTC strings on both dialects, so ordering and comparison behave alike. */
type Timestamp = string;

export type UserStatus = 'INVITED' | 'ACTIVE';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** usernameKey(username): what makes two usernames the same name; unique. */
  usernameKey: string;
  email: Generated<string>;
  firstName: Generated<string>;
  lastName: Generated<string>;
  phoneNumber: Generated<string>;
  street: Generated<string>;
  houseNumber: Generated<string>;
  postalCode: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  municipality: Generated<string>;
  role: Role;
  passwordHash: string | null;
  status: UserStatus;
  createdById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** Set by the unload beacon: the session ends then unless the tab comes back (a reload). */
  endsAt: Timestamp | null;
  revokedAt: Timestamp | null;
  /** Last request with this session, written at most once a minute; null for sessions from before. */
  lastSeenAt: Timestamp | null;
  /** 1 for a login that remembers its device: no unload logout, no idle end, its expiry moves with each use. */
  remembered: Generated<number>;
  /** The browser and system the login came from, read coarsely from its User-Agent (null when unknown). */
  browser: string | null;
  system: string | null;
}

export interface LoginThrottleTable {
  key: string;
  /** Attempts counted in the current window (a success takes its own back). */
  attempts: number;
  windowStartedAt: Timestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  createdAt: Timestamp;
}

export interface TeamMembersTable {
  teamId: number;
  userId: number;
  addedAt: Timestamp;
}

export type AccountTokenPurpose = 'INVITATION' | 'PASSWORD_RESET';

export interface AccountTokensTable {
  id: Generated<number>;
  userId: number;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** Flags as 0/1 integers: one representation on SQLite and PostgreSQL. */
export interface NotificationSettingsTable {
  userId: number;
  chatAll: number;
  chatNone: number;
  formAll: number;
  form50: number;
  form75: number;
  form95: number;
  form100: number;
  formNone: number;
  updatedAt: Timestamp;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  street: Generated<string>;
  houseNumber: Generated<string>;
  city: Generated<string>;
  katastral: number | null;
  postalCode: Generated<string>;
  country: Generated<string>;
  assignedUserId: number | null;
  createdById: number | null;
  progress: Generated<number>;
  /** Last change anyone made (created, answers saved, …): drives 'Projekte mit Neuerungen'. */
  changedAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectViewsTable {
  userId: number;
  projectId: number;
  seenAt: Timestamp;
}

export interface DashboardLayoutsTable {
  userId: number;
  dashboard: string;
  /** JSON array of {i, x, y, w, h}. */
  items: string;
  updatedAt: Timestamp;
}

export interface QuestionnaireAnswersTable {
  projectId: number;
  step: string;
  /** JSON of the step's answers, in the shared schema's field names. */
  answers: string;
  updatedAt: Timestamp;
  updatedById: number | null;
  /** Counted up by every save that changes an answer; 0 before the first. */
  version: Generated<number>;
  /** JSON: dotted answer path → the version at which that answer last changed. */
  fieldVersions: Generated<string>;
}

export interface QuestionnaireChangesTable {
  id: Generated<number>;
  projectId: number;
  step: string;
  changedByName: string;
  changedAt: Timestamp;
  /** JSON {field: {from, to}} of what this save changed. */
  changes: string;
}

export interface FormNoticesTable {
  projectId: number;
  architectId: number;
  threshold: number;
  sentAt: Timestamp;
}

export interface ProjectFilesTable {
  id: Generated<number>;
  projectId: number;
  /** Where the object lives in the store: 'projects/12/<uuid>', chosen by the server. */
  storageKey: string;
  thumbnailKey: string | null;
  /** A PDF's pages, once its first page was rendered; null for images and unrenderable PDFs. */
  pageCount: number | null;
  /** 1 while a PDF's first page and page count are being made after its upload; 0 once done or for none. */
  previewPending: Generated<number>;
  name: string;
  comment: string;
  originalName: string;
  documentType: DocumentType;
  contentType: string;
  /** A bigint: PostgreSQL answers it as text. */
  size: number | string;
  uploadedById: number | null;
  uploadedByName: string;
  uploadedAt: Timestamp;
  /** The plan this file is a version of: its first file's id. Null only inside the transaction that inserts that first file. */
  planId: number | null;
  /** The file's version of its plan, from 1; the newest is the plan's current file. */
  version: Generated<number>;
}

/** A PDF page rendered for the plan viewer and kept in the store, counted against the cache's bounds. */
export interface RenderedPagesTable {
  /** The page's object: '<file's storage key>.pages/<page>-<width>.webp'. */
  key: string;
  /** The storage key of the file it was rendered from. */
  fileKey: string;
  bytes: number;
  lastUsedAt: Timestamp;
}

export interface PlanPinsTable {
  id: Generated<number>;
  projectId: number;
  fileId: number;
  page: number;
  /** Fractions of the page's width and height, 0 to 1. */
  x: number;
  y: number;
  number: number;
  comment: string;
  createdById: number | null;
  createdByName: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  version: Generated<number>;
  status: Generated<PinStatus>;
  kind: Generated<PinKind>;
  responsibleId: number | null;
  /** YYYY-MM-DD. */
  dueDate: string | null;
  /** The due date whose reminder was sent (YYYY-MM-DD). */
  remindedFor: Generated<string | null>;
  /** The pin of the plan's previous version this one was carried over from. */
  carriedFromPinId: Generated<number | null>;
}

/** A status change of a pin (an open item): who, when, from and to. */
export interface PlanPinStatusChangesTable {
  id: Generated<number>;
  pinId: number;
  fromStatus: PinStatus;
  toStatus: PinStatus;
  changedById: number | null;
  changedByName: string;
  changedAt: Timestamp;
}

/** A reply under a pin (an open item's conversation). */
export interface PlanPinRepliesTable {
  id: Generated<number>;
  pinId: number;
  authorId: number | null;
  authorName: string;
  text: string;
  createdAt: Timestamp;
}

/** A file of the project that shows a question of the questionnaire; kept out of the plans list. */
export interface QuestionPhotosTable {
  id: Generated<number>;
  projectId: number;
  fileId: number;
  step: string;
  questionKey: string;
  createdAt: Timestamp;
}

/** A photo of an open item: a file of the project linked to a pin or to a reply under one; kept out of the plans list. */
export interface ItemPhotosTable {
  id: Generated<number>;
  projectId: number;
  fileId: number;
  /** Null for a reply's photo, and once the pin is gone. */
  pinId: number | null;
  /** Null for a pin's photo, and once the reply is gone. */
  replyId: number | null;
  createdAt: Timestamp;
}

/** The architect's follow-up on an answer ('Rückfrage'): an open item on a question, closed by the client's answer. */
export interface QuestionFollowUpsTable {
  id: Generated<number>;
  projectId: number;
  questionKey: QuestionKey;
  note: string;
  status: Generated<PinStatus>;
  /** The client who is to answer; null once the account is gone. */
  responsibleId: number | null;
  createdById: number | null;
  createdByName: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  version: Generated<number>;
  answer: string | null;
  /** The name as it was when answered, kept after the account is gone. */
  answeredByName: string | null;
  answeredAt: Timestamp | null;
}

export interface ChatsTable {
  id: Generated<number>;
  /** The pair's lower user id, so one pair has one chat whoever starts it. */
  firstUserId: number;
  secondUserId: number;
  createdAt: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chatId: number;
  senderId: number;
  receiverId: number;
  /** As written: shown as plain text, never as HTML. */
  body: string;
  isRead: Generated<number>;
  sentAt: Timestamp;
}

/** The last chat notice mail to a user (the receiver) about messages from one sender. */
export interface ChatNoticesTable {
  userId: number;
  senderId: number;
  sentAt: Timestamp;
}

/** The last mail about a project's new pins and plan versions to one of its people. */
/** When a person was last told of being made responsible for an item in a project. */
export interface ItemNoticesTable {
  projectId: number;
  userId: number;
  sentAt: Timestamp;
}

export interface PlanNoticesTable {
  projectId: number;
  userId: number;
  sentAt: Timestamp;
}

export type MailState = 'PENDING' | 'SENT' | 'FAILED';

/** An outgoing mail: PENDING until sent (SENT) or given up after retries (FAILED). */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: MailKind;
  recipient: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** JSON array of the links in the mail. */
  links: Generated<string>;
  state: MailState;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  /** While set and in the future, an instance is sending the mail. */
  claimedUntil: Timestamp | null;
  lastAttemptAt: Timestamp | null;
  lastError: string | null;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
  teams: TeamsTable;
  teamMembers: TeamMembersTable;
  accountTokens: AccountTokensTable;
  notificationSettings: NotificationSettingsTable;
  projects: ProjectsTable;
  projectViews: ProjectViewsTable;
  dashboardLayouts: DashboardLayoutsTable;
  questionnaireAnswers: QuestionnaireAnswersTable;
  questionnaireChanges: QuestionnaireChangesTable;
  formNotices: FormNoticesTable;
  projectFiles: ProjectFilesTable;
  renderedPages: RenderedPagesTable;
  planPins: PlanPinsTable;
  planPinStatusChanges: PlanPinStatusChangesTable;
  planPinReplies: PlanPinRepliesTable;
  questionPhotos: QuestionPhotosTable;
  itemPhotos: ItemPhotosTable;
  questionFollowUps: QuestionFollowUpsTable;
  chats: ChatsTable;
  chatMessages: ChatMessagesTable;
  chatNotices: ChatNoticesTable;
  planNotices: PlanNoticesTable;
  itemNotices: ItemNoticesTable;
  mailOutbox: MailOutboxTable;
}


export type UserRow = Selectable<UsersTable>;
/** A new user; the repository derives the username key from the username. */
export type NewUserRow = Omit<Insertable<UsersTable>, 'usernameKey'>;
export type UserUpdate = Updateable<UsersTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMailOutboxRow = Insertable<MailOutboxTable>;
