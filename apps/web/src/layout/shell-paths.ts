/** The pages inside the logged-in shell; a start on one of them loads the shell's code at once. */
export const shellPaths: readonly string[] = ['/dashboard', '/dashboardClient', '/projectOverview', '/admin', '/general', '/storeys', '/windows', '/heating'];
