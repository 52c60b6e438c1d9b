import { useState } from 'react';
import { Send } from 'lucide-react';
import { Button } from './ui/button';
import { FormError } from './ui/form-error';
import { Spinner } from './ui/spinner';
import { StatusMessage } from './ui/status-message';
import { errorText } from '../lib/api-errors';
import { errorContexts } from '../lib/error-contexts';
import { de } from '../i18n/de';
import { resendInvitation } from '../lib/invitations-api';

type Result = { kind: 'success' | 'error'; text: string } | null;

/** 'Einladung erneut senden' for an invited account, with the server's answer beneath it. */
export function ResendInvitationButton({ username }: { username: string }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const send = async () => {
    setSending(true);
    setResult(null);
    try {
      setResult({ kind: 'success', text: (await resendInvitation(username)).message });
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error, errorContexts.resendInvitation) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="outline" size="sm" disabled={sending} onClick={() => void send()}>
        {sending ? <Spinner /> : <Send aria-hidden />}
        {de.invitations.resend}
      </Button>
      {result?.kind === 'success' ? <StatusMessage>{result.text}</StatusMessage> : <FormError>{result?.text}</FormError>}
    </div>
  );
}
