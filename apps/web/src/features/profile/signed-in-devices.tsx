import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInDevice } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { errorText, hasErrorCode } from '../../lib/api-errors';
import { dateTimeText } from '../../lib/date-time';
import { errorContexts } from '../../lib/error-contexts';
import { useServerAction } from '../../platform/actions/use-server-action';
import { useSession } from '../../platform/session/session-context';
import { de } from '../../i18n/de';
import { devicesKey, endDevice, endOtherDevices, fetchDevices } from './devices-api';

const t = de.profile.devices;

const deviceName = (device: SignedInDevice) => t.name(device.browser ?? t.unknownBrowser, device.system ?? t.unknownSystem);

/** 'Abmelden' of one device; this device's own logs out here as usual (and removes what it keeps). */
function useEndDevice(username: string) {
  const queryClient = useQueryClient();
  const { logout } = useSession();
  return useServerAction({
    confirm: (device: SignedInDevice) => ({
      title: device.current ? t.confirmEndThis : t.confirmEnd(deviceName(device)),
      confirmLabel: t.end,
      destructive: true,
    }),
    action: async (device) => {
      if (device.current) await logout();
      else await endDevice(username, device.id);
    },
    itemOf: (device) => device.id,
    errors: errorContexts.endDevice,
    status: (_, device) => t.ended(deviceName(device)),
    invalidates: [devicesKey(username)],
    // Signed out meanwhile: show the list as it is now.
    onError: (failure) => {
      if (hasErrorCode(failure, 'NOT_FOUND')) void queryClient.invalidateQueries({ queryKey: devicesKey(username) });
    },
  });
}

/** 'Auf allen Geräten abmelden': the others first, then this one by its logout. */
function useEndAllDevices(username: string) {
  const { logout } = useSession();
  return useServerAction({
    confirm: () => ({ title: t.confirmEndAll, description: t.confirmEndAllDescription, confirmLabel: t.endAll, destructive: true }),
    action: () => endOtherDevices(username),
    errors: errorContexts.endDevice,
    onSuccess: () => logout(),
  });
}

function DeviceRow({ device, ending }: { device: SignedInDevice; ending: ReturnType<typeof useEndDevice> }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <div className="flex flex-col gap-0.5 text-sm">
        <span className="font-medium">
          {deviceName(device)}
          {device.current ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs">{t.thisDevice}</span> : null}
        </span>
        <span className="text-muted-foreground">
          {t.since} {dateTimeText(device.signedInSince)} · {t.lastUsed} {dateTimeText(device.lastUsed)}
          {device.remembered ? ` · ${t.remembered}` : ''}
        </span>
      </div>
      <Button variant="outline" size="sm" busy={ending.isBusy(device.id)} disabled={ending.busy} onClick={() => void ending.run(device)}>
        {t.end}
      </Button>
    </li>
  );
}

/** 'Angemeldete Geräte' of one's own profile: where the account is signed in, each to sign out. */
export function SignedInDevices({ username }: { username: string }) {
  const devices = useQuery({ queryKey: devicesKey(username), queryFn: () => fetchDevices(username), retry: false, gcTime: 0 });
  const ending = useEndDevice(username);
  const endingAll = useEndAllDevices(username);

  return (
    <section aria-labelledby="signed-in-devices" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="signed-in-devices" className="text-base font-semibold">
        {t.heading}
      </h3>
      {devices.isPending ? <Spinner label={t.loading} /> : null}
      {devices.isError ? <FormError>{errorText(devices.error, errorContexts.loadDevices)}</FormError> : null}
      {devices.data ? (
        <ul className="flex flex-col gap-2">
          {devices.data.map((device) => (
            <DeviceRow key={device.id} device={device} ending={ending} />
          ))}
        </ul>
      ) : null}
      <FormError>{ending.error ?? endingAll.error}</FormError>
      {ending.status ? <StatusMessage>{ending.status}</StatusMessage> : null}
      <div>
        <Button variant="destructive" size="sm" busy={endingAll.busy} disabled={ending.busy} onClick={() => void endingAll.run()}>
          {t.endAll}
        </Button>
      </div>
    </section>
  );
}
