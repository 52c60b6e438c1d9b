import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  can, chatNotificationLabels, chatNotificationOptions, formNotificationLabels, formNotificationOptions, notificationSettingsSchema,
  type NotificationSettings,
} from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { FormError } from '../../components/ui/form-error';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import type { ModalBodyProps } from '../../lib/modal-types';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { useNotify } from '../feedback/feedback-context';
import { chooseOption, notificationFlags, notificationOptions, type NotificationOption } from './notification-options';
import { fetchNotificationSettings, notificationSettingsKey, saveNotificationSettings } from './notification-settings-api';

const t = de.notificationSettings;

function OptionGroup({
  legend, options, labels, settings, disabled, onChange,
}: {
  legend: string;
  options: readonly NotificationOption[];
  labels: Record<string, string>;
  settings: NotificationSettings;
  disabled: boolean;
  onChange(option: NotificationOption, checked: boolean): void;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <div key={option} className="flex items-center gap-3">
          <Checkbox
            id={`notification-${option}`}
            checked={settings[option]}
            disabled={disabled}
            onChange={(event) => onChange(option, event.target.checked)}
          />
          <Label htmlFor={`notification-${option}`} className="font-normal">
            {labels[option]}
          </Label>
        </div>
      ))}
    </fieldset>
  );
}

function SettingsForm({ username, initial, followsForms, close }: { username: string; initial: NotificationSettings; followsForms: boolean; close(): void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [error, setError] = useState('');
  const defaults = notificationFlags(initial);
  const form = useForm({ resolver: zodResolver(notificationSettingsSchema), defaultValues: defaults });
  const watched = useWatch({ control: form.control });
  const settings = { ...defaults, ...watched };
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (request) => {
    setError('');
    try {
      const saved = await saveNotificationSettings(username, request);
      queryClient.setQueryData(notificationSettingsKey(username), saved);
      notify(de.toast.notificationSettingsSaved);
      close();
    } catch (failure) {
      setError(errorText(failure, errorContexts.saveNotificationSettings));
    }
  });
  const change = (option: NotificationOption, checked: boolean) => {
    const next = chooseOption(form.getValues(), option, checked);
    for (const flag of notificationOptions) form.setValue(flag, next[flag], { shouldDirty: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <OptionGroup legend={t.chat} options={chatNotificationOptions} labels={chatNotificationLabels} settings={settings} disabled={isSubmitting} onChange={change} />
      {followsForms ? (
        <OptionGroup legend={t.form} options={formNotificationOptions} labels={formNotificationLabels} settings={settings} disabled={isSubmitting} onChange={change} />
      ) : null}
      <FormError>{error}</FormError>
      <Footer busy={isSubmitting} canSave onCancel={close} />
    </form>
  );
}

function Footer({ busy, canSave = false, onCancel }: { busy: boolean; canSave?: boolean; onCancel(): void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {t.cancel}
      </Button>
      <Button type="submit" disabled={!canSave} busy={busy}>
        {t.save}
      </Button>
    </div>
  );
}

/** 'Benachrichtigungseinstellungen' (spec sections 2, 4): chat options for all, form options for architects. */
export function NotificationSettingsModal({ close }: ModalBodyProps) {
  const { user } = useSession();
  const username = user?.username;
  const settings = useQuery({
    queryKey: notificationSettingsKey(username ?? ''),
    queryFn: () => fetchNotificationSettings(username ?? ''),
    enabled: username !== undefined,
    gcTime: 0,
  });

  // Without a username nothing can be loaded or saved; Speichern stays disabled.
  if (!username) {
    return (
      <div className="flex flex-col gap-4">
        <FormError>{t.noUsername}</FormError>
        <Footer busy={false} onCancel={close} />
      </div>
    );
  }
  if (settings.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Spinner label={de.common.loading} />
        <Footer busy onCancel={close} />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="flex flex-col gap-4">
        <FormError>{t.loadFailed}</FormError>
        <Footer busy={false} onCancel={close} />
      </div>
    );
  }
  return <SettingsForm username={username} initial={settings.data} followsForms={can(user, 'followFormCompletion')} close={close} />;
}
