import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  chatNotificationLabels, chatNotificationOptions, formNotificationLabels, formNotificationOptions, type NotificationSettings,
} from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { FormError } from '../../components/ui/form-error';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import type { ModalBodyProps } from '../modals/modal-types';
import { chooseOption, type NotificationOption } from './notification-options';
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

function SettingsForm({ username, initial, isArchitect, close }: { username: string; initial: NotificationSettings; isArchitect: boolean; close(): void }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const save = async () => {
    setSaving(true);
    setError('');
    try {
      const saved = await saveNotificationSettings(username, settings);
      queryClient.setQueryData(notificationSettingsKey(username), saved);
      close();
    } catch {
      setError(t.saveFailed);
      setSaving(false);
    }
  };
  const change = (option: NotificationOption, checked: boolean) => setSettings((current) => chooseOption(current, option, checked));

  return (
    <div className="flex flex-col gap-4">
      <OptionGroup legend={t.chat} options={chatNotificationOptions} labels={chatNotificationLabels} settings={settings} disabled={saving} onChange={change} />
      {isArchitect ? (
        <OptionGroup legend={t.form} options={formNotificationOptions} labels={formNotificationLabels} settings={settings} disabled={saving} onChange={change} />
      ) : null}
      <FormError>{error}</FormError>
      <Footer busy={saving} onSave={() => void save()} onCancel={close} />
    </div>
  );
}

function Footer({ busy, onSave, onCancel }: { busy: boolean; onSave?: () => void; onCancel(): void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {t.cancel}
      </Button>
      <Button disabled={!onSave} busy={busy} onClick={onSave}>
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
  return <SettingsForm username={username} initial={settings.data} isArchitect={user?.roles.includes('ARCHI') ?? false} close={close} />;
}
