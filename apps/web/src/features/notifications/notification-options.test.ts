import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type NotificationSettings } from '@bauakte/domain/labels';
import { chooseOption } from './notification-options';

const chosen = (settings: NotificationSettings) => Object.entries(settings).filter(([, on]) => on).map(([name]) => name);

describe('chooseOption', () => {
  it('choosing one chat option clears the other', () => {
    expect(chosen(chooseOption(defaultNotificationSettings, 'chatNone', true))).toEqual(['chatNone', 'form100']);
  });

  it('choosing one form option clears the other five and leaves the chat options alone', () => {
    const start = { ...defaultNotificationSettings, form50: true, form100: true };
    expect(chosen(chooseOption(start, 'form75', true))).toEqual(['chatAll', 'form75']);
  });

  it('clearing an option leaves its group with none chosen', () => {
    expect(chosen(chooseOption(defaultNotificationSettings, 'form100', false))).toEqual(['chatAll']);
  });
});
