import { isRole, type Role } from './roles';

/**
 * What the web shows or offers a user for their roles (spec section 6). It decides no access: the
 * server's access module does; this table only keeps the screens from offering what the server refuses.
 */
const capabilityRoles = {
  /** /admin as the start page, its sidebar: teams, architects' accounts, members. */
  manageTeams: ['ADMIN'],
  /** 'AllUser' as the overview of every account. */
  manageUsers: ['ADMIN'],
  /** The customer overview, creating customers, choosing the customer when starting a chat. */
  manageCustomers: ['ARCHI'],
  /** Creating and listing projects; a project's 'Aktionen', change log, Katastral and customer. */
  manageProjects: ['ARCHI'],
  export: ['ARCHI'],
  /** /projectOverview: a project's information and files; administrators see no projects. */
  viewProjects: ['ARCHI', 'CLIENT'],
  /** Uploading and deleting a project's files. */
  uploadFiles: ['ARCHI', 'CLIENT'],
  /** Removing any photo to a question of the questionnaire; others remove the photos they added. */
  removeAnyQuestionPhoto: ['ARCHI'],
  /** Chats are between architects and clients; administrators take part in none. */
  chat: ['ARCHI', 'CLIENT'],
  deleteChats: ['ADMIN', 'ARCHI'],
  /** The notification options for a completed questionnaire form. */
  followFormCompletion: ['ARCHI'],
  /** /dashboard with the architect's cards. */
  viewArchitectDashboard: ['ARCHI'],
  /** /dashboardClient as the start page; the client's sidebar. */
  viewClientDashboard: ['CLIENT'],
  /** Registration asks no address of architects and administrators. */
  registerWithoutAddress: ['ADMIN', 'ARCHI'],
  /** The profile holds a postal address; an administrator has none in the portal. */
  holdPostalAddress: ['ARCHI', 'CLIENT'],
  /** An administrator invites the account (again); clients are invited by their architect. */
  receiveAdminInvitation: ['ARCHI'],
  /** A customer's architects change the customer's details (not password or e-mail address). */
  editCustomerDetails: ['ARCHI'],
  /** The account is a customer, whose details their architects may change. */
  beCustomer: ['CLIENT'],
  /** A pin's kind, responsible person and due date, and its status whoever is responsible (the server's pin table decides). */
  assignPinItems: ['ARCHI'],
  /** A follow-up on an answer of the questionnaire ('Rückfrage'), which the client answers. */
  raiseFollowUps: ['ARCHI'],
  answerFollowUps: ['CLIENT'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof capabilityRoles;

export const capabilities = Object.keys(capabilityRoles) as Capability[];

/** The roles that hold a capability. */
export function rolesWith(capability: Capability): readonly Role[] {
  return capabilityRoles[capability];
}

/**
 * Whether any of the user's roles holds the capability. Roles come from the token as plain strings:
 * one the portal does not know holds nothing, and so does no user at all.
 */
export function can(user: { readonly roles: readonly string[] } | null | undefined, capability: Capability): boolean {
  if (!user) return false;
  const allowed: readonly Role[] = capabilityRoles[capability];
  return user.roles.some((role) => isRole(role) && allowed.includes(role));
}
