// The live channel's addresses and the client's settings: plain values without schemas, so the
// web app's shell, which opens the channel at every start, evaluates no zod with them.

/** Live channel destinations (spec section 7). */
export const liveDestinations = {
  activeUsers: '/topic/activeUsers',
  chat: (chatId: number) => `/topic/chat/${chatId}`,
  send: (chatId: number) => `/app/chat/${chatId}`,
  /** A project's pins changed: the body names { fileId, pinId }; the subscriber reads the pins again. */
  projectPins: (projectId: number) => `/topic/project/${projectId}/pins`,
  /** A file was added to a project, a new plan or a new version of one: the body names { fileId, planId, version }; the subscriber reads the list again. */
  projectFiles: (projectId: number) => `/topic/project/${projectId}/files`,
  /** Items of one of the user's projects changed (a pin, a follow-up): the body names { projectId }; the dashboards read their counts again. */
  userItems: (username: string) => `/topic/user/${username}/items`,
} as const;

/** The live client's settings (spec section 5 and 7). */
export const liveClientSettings = {
  path: '/ws',
  reconnectDelayMs: 5_000,
  heartbeatMs: 10_000,
  giveUpAfterMs: 15 * 60_000,
} as const;
