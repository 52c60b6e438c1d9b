/** Words the web app, the mails and the PDF export show alike. */
export const sharedTexts = {
  /** A project without a customer. */
  unassigned: 'Nicht zugewiesen',
} as const;
