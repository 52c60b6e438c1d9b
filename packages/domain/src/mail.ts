import { z } from 'zod';

/** What a queued mail is about: the admin's list of failed mails names it. */
export const mailKinds = ['INVITATION', 'PASSWORD_RESET', 'ACCOUNT_CHANGE', 'CHAT_NOTICE', 'FORM_NOTICE', 'PLAN_NOTICE', 'ITEM_NOTICE'] as const;
export type MailKind = (typeof mailKinds)[number];
export const mailKindLabels: Record<MailKind, string> = {
  INVITATION: 'Einladung',
  PASSWORD_RESET: 'Passwort zurücksetzen',
  ACCOUNT_CHANGE: 'Hinweis auf Kontoänderung',
  CHAT_NOTICE: 'Hinweis auf Chat-Nachricht',
  FORM_NOTICE: 'Hinweis auf Fragebogen',
  PLAN_NOTICE: 'Hinweis auf Pläne',
  ITEM_NOTICE: 'Hinweis auf offene Punkte',
};

/** RETRYING: will be tried again at nextAttemptAt; GAVE_UP: no further attempt. */
export const mailFailureStates = ['RETRYING', 'GAVE_UP'] as const;
export type MailFailureState = (typeof mailFailureStates)[number];

/** A mail that could not be sent, as the admin sees it (GET /api/admin/mail-failures). */
export const mailFailureSchema = z.object({
  id: z.number().int(),
  kind: z.enum(mailKinds),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  state: z.enum(mailFailureStates),
  createdAt: z.string(),
  lastAttemptAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type MailFailure = z.infer<typeof mailFailureSchema>;
