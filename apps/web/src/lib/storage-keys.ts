/** sessionStorage keys named by the specification. */
export const storageKeys = {
  token: 'token',
  projectId: 'projectId',
} as const;
