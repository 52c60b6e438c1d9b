/** The questionnaire's steps: their forms and answer schemas load as a chunk of their own (router.tsx). */
export const questionnairePaths: readonly string[] = ['/general', '/storeys', '/windows', '/heating'];

/** The pages inside the logged-in shell; a start on one of them loads the shell's code at once. */
export const shellPaths: readonly string[] = ['/dashboard', '/dashboardClient', '/projectOverview', '/admin', ...questionnairePaths];
