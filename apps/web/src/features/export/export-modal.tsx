import { useEffect, useId, useRef, useState } from 'react';
import { useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import type { ExportFormat } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { StatusMessage } from '../../components/ui/status-message';
import { TextField } from '../../components/ui/text-field';
import { de } from '../../i18n/de';
import type { ModalBodyProps, ModalProps } from '../../platform/modals/modal-types';
import { useServerForm } from '../../platform/actions/use-server-form';
import { useSelectedProjectId } from '../../platform/project/project-selection';
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

type ExportValues = {
  format: ExportFormat;
  delivery: ExportDelivery;
  email: string;
};

/** Spec section 5: a mail needs an address; it is not checked further here, the server checks it. */
const exportResolver: Resolver<ExportValues, unknown, ExportValues> = async (values): Promise<ResolverResult<ExportValues, ExportValues>> => {
  if (values.delivery === 'email' && values.email.trim() === '') return { values: {}, errors: { email: { type: 'required', message: t.emailRequired } } };
  return { values, errors: {} };
};
const noValues: ExportValues = { format: 'pdf', delivery: 'download', email: '' };

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
  const [failure, setFailure] = useState<ExportFailure | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the controls are enabled again (a disabled button drops it).
  const [focusAfterRun, setFocusAfterRun] = useState<'email' | 'submit' | null>(null);
  const busy = exporter.running !== null;
  const failureId = `${ids}-failure`;
  const clearOutcome = () => {
    setFailure(null);
    setSentTo(null);
  };
  const { form, onSubmit, field } = useServerForm({
    resolver: exportResolver,
    defaultValues: noValues,
    submit: ({ format, delivery, email }) => {
      clearOutcome();
      return exporter.start(requestOf(projectId ?? '', format, delivery, email));
    },
    onSuccess: (outcome) => {
      if (outcome.delivery === 'download') return close();
      setSentTo(outcome.email);
      setFocusAfterRun('submit');
    },
    // A refused address is the field's message alone: nothing was exported, so nothing 'failed'.
    onError: (error) => {
      const shown = exportFailureOf(error);
      setFocusAfterRun(shown.emailMessage ? 'email' : 'submit');
      if (!shown.emailMessage) setFailure(shown);
    },
    onInvalid: clearOutcome,
  });
  const [format, delivery] = useWatch({ control: form.control, name: ['format', 'delivery'] });
  const choose = (name: 'format' | 'delivery') => (value: string) => form.setValue(name, value as never);

  useEffect(() => {
    if (busy || focusAfterRun === null) return;
    setFocusAfterRun(null);
    if (focusAfterRun === 'email') return form.setFocus('email');
    // Only where the busy button lost the focus: a user who moved on keeps their place.
    if (document.activeElement === null || document.activeElement === document.body) submitRef.current?.focus();
  }, [busy, focusAfterRun, form]);

  return (
    <form onSubmit={projectId === null ? (event) => event.preventDefault() : onSubmit} noValidate className="flex w-full max-w-2xl flex-col gap-5">
      {projectId === null ? <FormError>{t.noProject}</FormError> : null}
      <div className="flex min-w-0 flex-col gap-5">
        <ChoiceGroup id={`${ids}-format`} legend={t.format} hint={t.intro} choices={formats} value={format} disabled={busy} onChange={choose('format')} />
        <ChoiceGroup id={`${ids}-delivery`} legend={t.delivery} choices={deliveries} value={delivery} disabled={busy} onChange={choose('delivery')} />
        {delivery === 'email' ? (
          <TextField
            id={`${ids}-email`}
            label={t.emailAddress}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            disabled={busy}
            hint={t.emailHint}
            {...field('email')}
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
