import { useCallback, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageCircleQuestionMark } from 'lucide-react';
import { can, liveDestinations, type QuestionKey } from '@bauakte/domain/labels';
import { answerFollowUpRequestSchema, createFollowUpRequestSchema, type AnswerFollowUpRequest, type CreateFollowUpRequest, type FollowUp } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { TextAreaField } from '../../components/ui/text-area-field';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { pinKeys } from '../../lib/query-keys';
import { useServerForm } from '../../platform/actions/use-server-form';
import { useNotify } from '../../platform/feedback/feedback-context';
import { useLiveReread } from '../../platform/live/use-live-reread';
import { useSession } from '../../platform/session/session-context';
import { GuardedDialog, useDismissDialog } from '../../platform/unsaved-changes/guarded-dialog';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { answerFollowUp, followUpsQuery, raiseFollowUp } from './follow-ups-api';
import { useStepProject } from './step-project';

const t = de.followUps;
const raiseResolver = schemaResolver(createFollowUpRequestSchema);
const answerResolver = schemaResolver(answerFollowUpRequestSchema);

/**
 * The dialogs' forms sit in the step's form in React's tree (a portal in the page's): their submit
 * must not reach the step's handler, which would save the step.
 */
const submitAlone = (onSubmit: (event?: FormEvent) => Promise<void>) => (event: FormEvent) => {
  event.stopPropagation();
  void onSubmit(event);
};

/** Read again whenever the live channel says one of the project's items changed (a follow-up raised or answered). */
export function useLiveFollowUps(projectId: string): void {
  useLiveReread(liveDestinations.projectPins(Number(projectId)), [pinKeys.followUps(projectId)]);
}

function RaiseForm({ projectId, questionKey, onDone }: { projectId: string; questionKey: QuestionKey; onDone(): void }) {
  const id = useId();
  const notify = useNotify();
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver: raiseResolver,
    defaultValues: { questionKey, note: '' } satisfies CreateFollowUpRequest,
    submit: (values) => raiseFollowUp(projectId, values),
    errors: errorContexts.raiseFollowUp,
    invalidates: [pinKeys.project(projectId)],
    onSuccess: () => {
      notify(t.raised);
      onDone();
    },
  });
  useUnsavedChangesGuard(form.formState.isDirty);
  const dismiss = useDismissDialog();
  return (
    <form onSubmit={submitAlone(onSubmit)} noValidate className="flex flex-col gap-4">
      <TextAreaField id={`${id}-note`} label={t.note} required rows={4} {...field('note')} />
      <FormActions submitLabel={t.submitRaise} busy={busy} error={error} cancel={{ label: t.cancel, onClick: dismiss }} container={DialogFooter} />
    </form>
  );
}

function AnswerForm({ projectId, followUp, onDone }: { projectId: string; followUp: FollowUp; onDone(): void }) {
  const id = useId();
  const notify = useNotify();
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver: answerResolver,
    defaultValues: { text: '', version: followUp.version } satisfies AnswerFollowUpRequest,
    submit: (values) => answerFollowUp(projectId, followUp.id, values),
    errors: errorContexts.answerFollowUp,
    invalidates: [pinKeys.project(projectId), pinKeys.mine, pinKeys.counts],
    onSuccess: () => {
      notify(t.answered);
      onDone();
    },
  });
  useUnsavedChangesGuard(form.formState.isDirty);
  const dismiss = useDismissDialog();
  return (
    <form onSubmit={submitAlone(onSubmit)} noValidate className="flex flex-col gap-4">
      <TextAreaField id={`${id}-answer`} label={t.answer} hint={t.answerHint} required rows={4} {...field('text')} />
      <FormActions submitLabel={t.submitAnswer} busy={busy} error={error} cancel={{ label: t.cancel, onClick: dismiss }} container={DialogFooter} />
    </form>
  );
}

function FollowUpEntry({ followUp, label, onAnswer }: { followUp: FollowUp; label: string; onAnswer?(): void }) {
  const done = followUp.status === 'ERLEDIGT';
  return (
    <li aria-label={label} className={`flex flex-col gap-1 rounded-md border p-2 text-sm ${done ? 'border-border' : 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50'}`}>
      <p className="flex flex-wrap items-center gap-x-2 text-xs">
        <span className="font-semibold">{de.pins.statusLabels[followUp.status]}</span>
        <span>{t.askedBy(followUp.authorName, dateTimeText(followUp.createdAt))}</span>
      </p>
      <p className="whitespace-pre-line break-words">{followUp.comment}</p>
      {followUp.answer !== null ? (
        <>
          <p className="text-xs">{t.answeredBy(followUp.answeredByName ?? '', followUp.answeredAt ? dateTimeText(followUp.answeredAt) : '')}</p>
          <p className="whitespace-pre-line break-words">{followUp.answer}</p>
        </>
      ) : null}
      {onAnswer && !done ? (
        <Button type="button" size="sm" className="min-h-11 self-start sm:min-h-9" onClick={onAnswer}>
          {t.answerOpen}
        </Button>
      ) : null}
    </li>
  );
}

/** What the dialog holds: raising a follow-up, or answering one. */
type Dialog = { kind: 'raise' } | { kind: 'answer'; followUp: FollowUp } | null;

function FollowUpDialog({ projectId, questionKey, dialog, onClose }: { projectId: string; questionKey: QuestionKey; dialog: Dialog; onClose(): void }) {
  const question = de.questionnaire.questions[questionKey];
  const answering = dialog?.kind === 'answer' ? dialog.followUp : null;
  return (
    <GuardedDialog open={dialog !== null} onClose={onClose}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{answering ? t.answerLabel(question) : t.raiseLabel(question)}</DialogTitle>
          <DialogDescription className="whitespace-pre-line break-words">{answering ? answering.comment : t.noteHint}</DialogDescription>
        </DialogHeader>
        {dialog?.kind === 'raise' ? <RaiseForm projectId={projectId} questionKey={questionKey} onDone={onClose} /> : null}
        {answering ? <AnswerForm projectId={projectId} followUp={answering} onDone={onClose} /> : null}
      </DialogContent>
    </GuardedDialog>
  );
}

function FollowUpList({ projectId, questionKey }: { projectId: string; questionKey: QuestionKey }) {
  const { user } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const followUps = (useQuery(followUpsQuery(projectId)).data ?? []).filter((each) => each.questionKey === questionKey);
  const mayRaise = can(user, 'raiseFollowUps');
  const mayAnswer = can(user, 'answerFollowUps');
  if (followUps.length === 0 && !mayRaise) return null;
  const question = de.questionnaire.questions[questionKey];
  return (
    <div className="flex flex-col gap-2">
      {followUps.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t.heading(question)}>
          {followUps.map((followUp, index) => (
            <FollowUpEntry key={followUp.id} followUp={followUp} label={t.entryLabel(index + 1, question)} onAnswer={mayAnswer ? () => setDialog({ kind: 'answer', followUp }) : undefined} />
          ))}
        </ul>
      ) : null}
      {mayRaise ? (
        <Button type="button" variant="outline" size="sm" className="min-h-11 self-start sm:min-h-9" onClick={() => setDialog({ kind: 'raise' })}>
          <MessageCircleQuestionMark aria-hidden />
          {t.raise}
          {/* The question in hidden text, not as a label: getByLabel and the field keep one label each (as 'Foto hinzufügen'). */}
          <span className="sr-only">{t.raiseAbout(question)}</span>
        </Button>
      ) : null}
      <FollowUpDialog projectId={projectId} questionKey={questionKey} dialog={dialog} onClose={close} />
    </div>
  );
}

/**
 * The follow-ups on a question under it on its step page ('Rückfrage'): the architect raises one
 * with a note, the client answers it there, which closes it. Both see what was asked and answered.
 */
export function QuestionFollowUps({ questionKey }: { questionKey: QuestionKey | undefined }) {
  const projectId = useStepProject();
  if (projectId === null || questionKey === undefined) return null;
  return <FollowUpList projectId={projectId} questionKey={questionKey} />;
}
