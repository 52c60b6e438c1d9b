import { MessageSquarePlus } from 'lucide-react';
import { isRole, roleLabels } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { useModal } from '../../platform/modals/modal-context';
import { usePersonName } from '../profile/use-person-name';

const t = de.dashboard;

/** The user's roles in German, joined; 'Keine Rolle' without any. */
export function roleText(roles: readonly string[]): string {
  if (roles.length === 0) return de.session.noRole;
  return roles.map((role) => (isRole(role) ? roleLabels[role] : role)).join(', ');
}

export function NewChatButton() {
  const { openModal } = useModal();
  return (
    <Button size="sm" variant="outline" onClick={() => openModal('NewChat')}>
      <MessageSquarePlus aria-hidden />
      {t.newChat}
    </Button>
  );
}

export { LatestMessages } from '../chat/latest-messages';

/** 'Benutzerinformationen': who is logged in, by name, with which role. */
export function UserInformation() {
  const { user } = useSession();
  const name = usePersonName(user?.username);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted-foreground">{t.name}</dt>
      <dd className="break-words font-medium">{name ?? t.notLoggedIn}</dd>
      <dt className="text-muted-foreground">{t.role}</dt>
      <dd className="font-medium">{roleText(user?.roles ?? [])}</dd>
    </dl>
  );
}
