import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { errorContexts } from '../../lib/error-contexts';
import { useServerAction } from '../actions/use-server-action';
import { de } from '../../i18n/de';
import { resendInvitation } from '../../lib/invitations-api';

/** 'Einladung erneut senden' for an invited account, with the server's answer beneath it. */
export function ResendInvitationButton({ username }: { username: string }) {
  const resend = useServerAction({
    action: () => resendInvitation(username),
    status: (answer) => answer.message,
    errors: errorContexts.resendInvitation,
  });

  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="outline" size="sm" disabled={resend.busy} onClick={() => void resend.run()}>
        {resend.busy ? <Spinner /> : <Send aria-hidden />}
        {de.invitations.resend}
      </Button>
      <StatusMessage>{resend.status}</StatusMessage>
      <FormError>{resend.error}</FormError>
    </div>
  );
}
