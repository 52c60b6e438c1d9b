import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { participantName, roleLabels } from '@bauakte/domain/labels';
import { pinItemFormSchema, type Pin, type PinItemForm as PinItemValues } from '@bauakte/domain/schemas';
import { FormActions } from '../../../components/ui/form-actions';
import { FormError } from '../../../components/ui/form-error';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { hasErrorCode } from '../../../lib/api-errors';
import { errorContexts } from '../../../lib/error-contexts';
import { schemaResolver } from '../../../lib/form-messages';
import { pinKeys } from '../../../lib/query-keys';
import { useServerForm } from '../../../platform/actions/use-server-form';
import { useLeaveAfterAsking, useUnsavedChangesGuard } from '../../../platform/unsaved-changes/unsaved-changes-context';
import { de } from '../../../i18n/de';
import { useNotify } from '../../../platform/feedback/feedback-context';
import type { ItemChoice } from '../../../lib/pin-item-text';
import { fetchAssignees } from './pins-api';
import { usePinChanges } from './pin-offline-changes';
import { PinKindField } from './pin-kind-field';

const t = de.pins;
const resolver = schemaResolver(pinItemFormSchema);

interface PinItemFormProps {
  projectId: string;
  pin: Pin;
  /** The plan's title, for an assignment that waits on the device. */
  planName: string;
  onDone(pin: Pin): void;
  /** Without a connection the assignment waits on the device: the form is done with it. */
  onQueued(): void;
  onCancel(): void;
}

/**
 * The project's architects decide an item's kind, who is responsible ('Zuständig') and by when
 * ('Fällig am'). Without a connection it waits on the device with the pin's version, the chosen
 * person with their name so the pin shows it meanwhile.
 */
export function PinItemForm({ projectId, pin, planName, onDone, onQueued, onCancel }: PinItemFormProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const changes = usePinChanges(projectId, pin.fileId, planName);
  const assignees = useQuery({ queryKey: pinKeys.assignees(projectId), queryFn: () => fetchAssignees(projectId) });
  const personOf = (username: string): ItemChoice['responsible'] => {
    if (username === '') return null;
    const found = [...(assignees.data ?? []), ...(pin.responsible ? [pin.responsible] : [])].find((person) => person.username === username);
    return found ? { username, firstName: found.firstName, lastName: found.lastName } : { username, firstName: '', lastName: '' };
  };
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: { kind: pin.kind, responsible: pin.responsible?.username ?? '', dueDate: pin.dueDate ?? '' } satisfies PinItemValues,
    submit: (values: PinItemValues) => changes.assign(pin, { itemKind: values.kind, responsible: personOf(values.responsible), dueDate: values.dueDate || null }),
    errors: errorContexts.savePinItem,
    invalidates: [pinKeys.file(projectId, pin.fileId), pinKeys.openItems(projectId)],
    onSuccess: (outcome) => {
      release();
      if (outcome.kind === 'saved') {
        onDone(outcome.pin);
        return;
      }
      notify(de.offlineQueue.savedOnDevice);
      onQueued();
    },
    // Changed meanwhile: the list shows the new version, the choices stay in the form.
    onError: (failure) => {
      if (hasErrorCode(failure, 'CONFLICT')) void queryClient.invalidateQueries({ queryKey: pinKeys.file(projectId, pin.fileId) });
    },
  });
  const release = useUnsavedChangesGuard(form.formState.isDirty);
  const leaveAfterAsking = useLeaveAfterAsking();
  const cancel = () =>
    leaveAfterAsking(() => {
      release();
      onCancel();
    });
  const people = (assignees.data ?? []).map((person) => ({ value: person.username, label: `${participantName(person)} (${roleLabels[person.role]})` }));
  // The one chosen before stays offered while the list loads or after the person left the project.
  const chosen = pin.responsible && !people.some((person) => person.value === pin.responsible!.username) ? [{ value: pin.responsible.username, label: participantName(pin.responsible) }] : [];

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-md border border-border p-2" aria-label={t.assignHeading(pin.number)}>
      <p className="text-sm font-semibold">{t.assignHeading(pin.number)}</p>
      <PinKindField id={`${ids}-kind`} initial={pin.kind} field={field('kind')} />
      <SelectField id={`${ids}-responsible`} label={t.responsible} placeholder={t.nobody} options={[...chosen, ...people]} defaultValue={pin.responsible?.username ?? ''} {...field('responsible')} />
      <FormError>{assignees.isError ? t.assigneesFailed : ''}</FormError>
      <TextField id={`${ids}-due`} type="date" label={t.dueDate} {...field('dueDate')} />
      <FormActions submitLabel={t.saveItem} busy={busy} error={error} align="end" cancel={{ label: t.cancel, onClick: cancel, disabled: busy }} />
    </form>
  );
}
