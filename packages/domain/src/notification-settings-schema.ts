import { z } from 'zod';
import { fieldTexts } from './texts/form-texts';
import { requestObject } from './fields';
import { chatNotificationOptions, formNotificationOptions, type ChatNotificationOption, type FormNotificationOption } from './notification-settings';

const flags = Object.fromEntries(
  [...chatNotificationOptions, ...formNotificationOptions].map((name) => [name, z.boolean()]),
) as Record<ChatNotificationOption | FormNotificationOption, z.ZodBoolean>;

const atMostOne = (values: boolean[]) => values.filter(Boolean).length <= 1;

/** The eight flags of spec section 3; within each group at most one may be chosen. */
export const notificationSettingsSchema = requestObject(flags)
  .refine((s) => atMostOne(chatNotificationOptions.map((o) => s[o])), {
    message: fieldTexts.oneChatNotice,
    path: ['chatAll'],
  })
  .refine((s) => atMostOne(formNotificationOptions.map((o) => s[o])), {
    message: fieldTexts.oneFormNotice,
    path: ['formAll'],
  });
