import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ExportFormat } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { de } from '../../i18n/de';
import type { ModalBodyProps, ModalProps } from '../../lib/modal-types';
import { useSelectedProjectId } from '../projects/project-selection';
import { ChoiceGroup, type Choice } from './choice-group';
import { exportFailureOf, type ExportFailure } from './export-errors';
import { useExport, type ExportDelivery, type ExportRequest } from './use-export';

const t = de.exportProject;

const formats: readonly Choice<ExportFormat>[] = [
  { value: 'pdf', label: t.pdf },
  { value: 'json', label: t.json },
];

const deliveries: readonly Choice<ExportDelivery>[] = [
  { value: 'download', label: t.download },
  { value: 'email', label: t.email },
];

/** The project the opener named (the overview passes the one it shows), else the stored one. */
function projectIdOf(props: ModalProps, stored: string | null): string | null {
  const named = props.projectId;
  if (typeof named === 'number' && Number.isSafeInteger(named) && named > 0) return String(named);
  if (typeof named === 'string' && /^[1-9]\d*$/.test(named)) return named;
  return stored;
}

function requestOf(projectId: string, format: ExportFormat, delivery: ExportDelivery, email: string): ExportRequest {
  return delivery === 'email' ? { projectId, format, delivery, email: email.trim() } : { projectId, format, delivery };
}

function FailureMessage({ id, failure }: { id: string; failure: ExportFailure | null }) {
  if (!failure) return null;
  return (
    <div id={id}>
      <FormError>
        <span className="block">{t.failed}</span>
        {failure.reason ? <span className="block font-normal">{failure.reason}</span> : null}
      </FormError>
    </div>
  );
}

/**
 * 'Projekt exportieren' (spec sections 2, 4, 5, 8): PDF or JSON, as a download or mailed to an
 * address. A download closes the modal once the file is saved; a mail keeps it open with the
 * address it went to. A failure says 'Export fehlgeschlagen' with the server's reason and keeps
 * every choice and the typed address for another try; an address the server refuses is named under
 * its field only.
 */
export function ExportModal({ close, props }: ModalBodyProps) {
  const ids = useId();
  const storedProjectId = useSelectedProjectId();
  const projectId = projectIdOf(props, storedProjectId);
  const exporter = useExport();
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [delivery, setDelivery] = useState<ExportDelivery>('download');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [failure, setFailure] = useState<ExportFailure | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the controls are enabled again (a disabled button drops it).
  const focusAfterRun = useRef<'email' | 'submit' | null>(null);
  const busy = exporter.running !== null;
  const failureId = `${ids}-failure`;

  useEffect(() => {
    if (busy || focusAfterRun.current === null) return;
    const target = focusAfterRun.current === 'email' ? emailRef.current : submitRef.current;
    focusAfterRun.current = null;
    // Only where the busy button lost the focus: a user who moved on keeps their place.
    if (document.activeElement === null || document.activeElement === document.body || target === emailRef.current) target?.focus();
  }, [busy]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || projectId === null) return;
    setFailure(null);
    setSentTo(null);
    // Spec section 5: the address is not validated further here; the server checks it.
    if (delivery === 'email' && email.trim() === '') {
      setEmailError(t.emailRequired);
      emailRef.current?.focus();
      return;
    }
    setEmailError('');
    try {
      const outcome = await exporter.start(requestOf(projectId, format, delivery, email));
      if (outcome.delivery === 'download') {
        close();
        return;
      }
      setSentTo(outcome.email);
      focusAfterRun.current = 'submit';
    } catch (error) {
      const shown = exportFailureOf(error);
      // A refused address is the field's error alone: nothing was exported, so nothing 'failed'.
      if (shown.emailMessage) {
        setEmailError(shown.emailMessage);
        focusAfterRun.current = 'email';
        return;
      }
      setFailure(shown);
      focusAfterRun.current = 'submit';
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex w-full max-w-2xl flex-col gap-5">
      {projectId === null ? <FormError>{t.noProject}</FormError> : null}
      <div className="flex min-w-0 flex-col gap-5">
        <ChoiceGroup id={`${ids}-format`} legend={t.format} hint={t.intro} choices={formats} value={format} disabled={busy} onChange={setFormat} />
        <ChoiceGroup id={`${ids}-delivery`} legend={t.delivery} choices={deliveries} value={delivery} disabled={busy} onChange={setDelivery} />
        {delivery === 'email' ? (
          <TextField
            ref={emailRef}
            id={`${ids}-email`}
            label={t.emailAddress}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            disabled={busy}
            hint={t.emailHint}
            error={emailError}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              // The server's verdict was about the old address.
              setEmailError('');
            }}
          />
        ) : null}
      </div>
      <FailureMessage id={failureId} failure={failure} />
      <StatusMessage>{sentTo ? t.sent(sentTo) : null}</StatusMessage>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* A mail once asked for cannot be recalled: wait for its answer; a download may be abandoned. */}
        <Button variant="outline" disabled={exporter.running === 'email'} onClick={close}>
          {sentTo ? t.close : t.cancel}
        </Button>
        <Button ref={submitRef} type="submit" busy={busy} disabled={projectId === null} aria-describedby={failure ? failureId : undefined}>
          {busy ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
