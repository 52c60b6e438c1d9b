import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, chatNotificationLabels, chatNotificationOptions, formNotificationLabels, formNotificationOptions, type NotificationSettings } from '@bauakte/domain/labels';
import { notificationSettingsSchema } from '@bauakte/domain/schemas';
import { Checkbox } from '../../components/ui/checkbox';
import { FormActions } from '../../components/ui/form-actions';
import { FormError } from '../../components/ui/form-error';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { useNotify } from '../../platform/feedback/feedback-context';
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

const resolver = schemaResolver(notificationSettingsSchema);

function SettingsForm({ username, initial, followsForms, close }: { username: string; initial: NotificationSettings; followsForms: boolean; close(): void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const defaults = notificationFlags(initial);
  const { form, onSubmit, busy, error } = useServerForm({
    resolver,
    defaultValues: defaults,
    submit: (request) => saveNotificationSettings(username, request),
    errors: errorContexts.saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsKey(username), saved);
      notify(de.toast.notificationSettingsSaved);
      close();
    },
  });
  const watched = useWatch({ control: form.control });
  const settings = { ...defaults, ...watched };

  const change = (option: NotificationOption, checked: boolean) => {
    const next = chooseOption(form.getValues(), option, checked);
    for (const flag of notificationOptions) form.setValue(flag, next[flag], { shouldDirty: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <OptionGroup legend={t.chat} options={chatNotificationOptions} labels={chatNotificationLabels} settings={settings} disabled={busy} onChange={change} />
      {followsForms ? (
        <OptionGroup legend={t.form} options={formNotificationOptions} labels={formNotificationLabels} settings={settings} disabled={busy} onChange={change} />
      ) : null}
      <Footer busy={busy} canSave error={error} onCancel={close} />
    </form>
  );
}

function Footer({ busy, canSave = false, error, onCancel }: { busy: boolean; canSave?: boolean; error?: string; onCancel(): void }) {
  return <FormActions submitLabel={t.save} busy={busy} disabled={!canSave} error={error} cancel={{ label: t.cancel, onClick: onCancel }} align="end" />;
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
