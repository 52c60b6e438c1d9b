export const chatNotificationOptions = ['chatAll', 'chatNone'] as const;
export const formNotificationOptions = ['formAll', 'form50', 'form75', 'form95', 'form100', 'formNone'] as const;
export type ChatNotificationOption = (typeof chatNotificationOptions)[number];
export type FormNotificationOption = (typeof formNotificationOptions)[number];
/** The eight flags of spec section 3, each on or off. */
export type NotificationSettings = Record<ChatNotificationOption | FormNotificationOption, boolean>;

/** A new account hears of every chat message and of completed questionnaires. */
export const defaultNotificationSettings: NotificationSettings = {
  chatAll: true,
  chatNone: false,
  formAll: false,
  form50: false,
  form75: false,
  form95: false,
  form100: true,
  formNone: false,
};

export const chatNotificationLabels: Record<ChatNotificationOption, string> = {
  chatAll: 'Bei jeder neuen Nachricht',
  chatNone: 'Keine Chat-Benachrichtigungen',
};

export const formNotificationLabels: Record<FormNotificationOption, string> = {
  formAll: 'Bei jeder Änderung',
  form50: 'Ab 50 % Fortschritt',
  form75: 'Ab 75 % Fortschritt',
  form95: 'Ab 95 % Fortschritt',
  form100: 'Wenn das Formular vollständig ist (100 %)',
  formNone: 'Keine Formular-Benachrichtigungen',
};

/** The form threshold an architect chose, as a percentage (formAll: every save → 0; formNone → null). */
export function formThreshold(settings: NotificationSettings): number | null {
  if (settings.formAll) return 0;
  if (settings.form50) return 50;
  if (settings.form75) return 75;
  if (settings.form95) return 95;
  if (settings.form100) return 100;
  return null;
}
