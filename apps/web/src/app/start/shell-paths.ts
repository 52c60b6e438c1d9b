/** The questionnaire's steps: their forms and answer schemas load as a chunk of their own (router.tsx). */
export const questionnairePaths: readonly string[] = ['/general', '/storeys', '/windows', '/heating'];

/**
 * The pages inside the logged-in shell and the chunk each one's code comes in (named after the module
 * router.tsx imports). A start on one of them loads the shell's code and its page's at once;
 * index.html asks for them by these names (vite.config.ts).
 */
export const shellPageChunks: Readonly<Record<string, string>> = {
  '/dashboard': 'architect-dashboard-page',
  '/dashboardClient': 'client-dashboard-page',
  '/projectOverview': 'project-overview-page',
  '/admin': 'admin-page',
  ...Object.fromEntries(questionnairePaths.map((path) => [path, 'questionnaire-pages'])),
};

export const shellPaths: readonly string[] = Object.keys(shellPageChunks);

/**
 * What every logged-in start loads besides its page, by chunk name: the shell, the query cache and
 * the class merge it waits for (router.tsx), the dashboard's start data (main.tsx).
 */
export const shellStartChunks: readonly string[] = ['app-shell', 'query-client', 'class-merge', 'start-data'];
