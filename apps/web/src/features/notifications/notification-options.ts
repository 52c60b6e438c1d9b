import { chatNotificationOptions, formNotificationOptions, type ChatNotificationOption, type FormNotificationOption, type NotificationSettings } from '@bauakte/domain/labels';

export type NotificationOption = ChatNotificationOption | FormNotificationOption;

export const notificationOptions: readonly NotificationOption[] = [...chatNotificationOptions, ...formNotificationOptions];

function groupOf(option: NotificationOption): readonly NotificationOption[] {
  return (chatNotificationOptions as readonly NotificationOption[]).includes(option) ? chatNotificationOptions : formNotificationOptions;
}

/**
 * Spec section 4: within a group the options exclude each other — choosing one clears the rest of
 * its group; clearing one leaves the group with none chosen. The other group stays as it was.
 */
export function chooseOption(settings: NotificationSettings, option: NotificationOption, checked: boolean): NotificationSettings {
  if (!checked) return { ...settings, [option]: false };
  const cleared = Object.fromEntries(groupOf(option).map((other) => [other, false]));
  return { ...settings, ...cleared, [option]: true };
}

/** Exactly the eight flags, whatever else an answer carries: the PUT body takes nothing more. */
export function notificationFlags(settings: NotificationSettings): NotificationSettings {
  return Object.fromEntries(notificationOptions.map((option) => [option, settings[option] === true])) as NotificationSettings;
}
