import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { answerPaths, changedAnswers, mergeStepAnswers, questionnaireSteps, withAnswer, type QuestionnaireStep } from '@bauakte/domain/labels';
import type { QuestionnaireConflict } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { hasErrorCode, mayRetry } from '../../lib/api-errors';
import { NetworkError } from '../../lib/api';
import { isOnline } from '../../lib/online-status';
import { useServerForm } from '../../platform/actions/use-server-form';
import { errorContexts } from '../../lib/error-contexts';
import { cn } from '../../lib/cn';
import { MountInTransition } from '../../lib/mount-in-transition';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../platform/session/session-context';
import { projectKeys, questionnaireKeys } from '../../lib/query-keys';
import { useProject } from '../../platform/project/use-project';
import { conflictOfSave, conflictVersion, fetchStepAnswers, readStoredAnswers, saveStepAnswers, type StepAnswers, type StepFormValues, type StoredAnswers } from './questionnaire-api';
import { formValuesOf, isLastStep, pathAfter, questionPath, questionToFocus, saveBodyOf, stepCount, stepNumber, stepResolvers } from './questionnaire-steps';
import { focusParam, stepPaths, type QuestionnaireSavedState } from '../../lib/questionnaire-links';
import { useLeaveProject } from '../../platform/project/use-required-project';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { useQuestionnaireProject } from './use-questionnaire-project';
import { StepConflictDialog, type ConflictChoices } from './step-conflict-dialog';
import { StepAnswersProvider, useComparedAnswers, withUnusualChecked } from './unusual-values';
import { useLiveFollowUps } from './question-follow-ups';
import { StepProjectProvider } from './step-project';
import { useNotify } from '../../platform/feedback/feedback-context';
import { useQueue, useQueuedStep } from '../../platform/offline/queue-context';
import { useNotKeptOffline } from '../../platform/offline/kept-on-device';
import { NotKeptNotice } from '../../platform/offline/not-kept-notice';
import type { QueueItem } from '../../platform/offline/queue-store';

const t = de.questionnaire;

export type StepForm<S extends QuestionnaireStep> = UseFormReturn<StepFormValues<S>, unknown, StepAnswers<S>>;

/**
 * The four steps as links, the current one marked. On a phone only the numbers show (the heading
 * below names the current step); wider screens show every step's name beside its number.
 */
function StepLinks({ step }: { step: QuestionnaireStep }) {
  const current = stepNumber(step);
  return (
    <nav aria-label={t.stepsLabel}>
      <ol className="grid grid-cols-4 gap-1.5">
        {questionnaireSteps.map((each, index) => {
          const number = index + 1;
          const isCurrent = each === step;
          return (
            <li key={each} className="min-w-0">
              <Link
                to={stepPaths[each]}
                aria-current={isCurrent ? 'step' : undefined}
                className="flex min-h-11 items-center justify-center gap-2 rounded-md p-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:justify-start"
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-9 shrink-0 items-center justify-center rounded-full border-2 font-semibold',
                    number <= current ? 'border-primary' : 'border-input text-muted-foreground',
                    isCurrent && 'bg-primary text-primary-foreground',
                  )}
                >
                  {number}
                </span>
                <span className="sr-only">{t.stepLink(number, t.titles[each])}</span>
                <span aria-hidden className={cn('hidden min-w-0 leading-tight md:inline', isCurrent ? 'font-semibold' : 'text-muted-foreground')}>
                  {t.titles[each]}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * 'Projekt: Sanierung Annenstraße' under the title. The project is usually cached from its overview;
 * otherwise it is read once. While it loads, or when it cannot be read (the answers' loader reports
 * that), the line keeps its height empty, so the text below does not move when the name arrives.
 */
function ProjectLine({ projectId }: { projectId: string | null }) {
  const project = useProject(projectId, { staleTime: Infinity });
  return <p className="min-h-6 text-base font-medium break-words">{project.data ? t.project(project.data.name) : null}</p>;
}

function StepHeader({ step, projectId }: { step: QuestionnaireStep; projectId: string | null }) {
  return (
    <header className="flex flex-col gap-2">
      <StepLinks step={step} />
      <p className="text-sm font-medium text-muted-foreground">{t.stepOf(stepNumber(step), stepCount)}</p>
      <h1 className="text-2xl font-semibold tracking-tight">{t.titles[step]}</h1>
      <ProjectLine projectId={projectId} />
      <p className="text-sm text-muted-foreground">{t.intro}</p>
    </header>
  );
}

/** A link from the open questions ('/storeys?frage=roofType') lands on that question, focused. */
function useFocusRequestedQuestion<S extends QuestionnaireStep>(step: S, form: StepForm<S>) {
  const [params] = useSearchParams();
  const requested = questionToFocus(step, params.get(focusParam));
  useEffect(() => {
    if (requested) form.setFocus(questionPath(requested) as FieldPath<StepFormValues<S>>);
  }, [requested, form]);
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const leaveProject = useLeaveProject();
  // The project is gone or not the caller's (an id the server cannot read names none either).
  if (hasErrorCode(error, 'NOT_FOUND', 'BAD_REQUEST', 'VALIDATION_FAILED')) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError>{t.projectNotFound}</FormError>
        <Button variant="outline" onClick={leaveProject}>
          {t.toHome}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError>{t.loadFailed}</FormError>
      <Button variant="outline" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

interface StepFormProps<S extends QuestionnaireStep> {
  step: S;
  projectId: string;
  stored: StoredAnswers<S>;
  /** The version the stored answers are (their ETag), sent back with the save. */
  version: string | undefined;
  /** A save of this step kept on the device, not yet sent (or refused, or in conflict). */
  queued: QueueItem | undefined;
  children(form: StepForm<S>): ReactNode;
}

/** A refused save waiting for the person's choice: the conflict and what the save sent. */
interface PendingConflict {
  conflict: QuestionnaireConflict;
  patch: Record<string, unknown>;
}

/** The save after the person chose: their patch, with the other person's answer where they kept that. */
function resolvedPatch({ conflict, patch }: PendingConflict, choices: ConflictChoices): Record<string, unknown> {
  const theirs = answerPaths(conflict.answers);
  return conflict.fields.reduce((resolved, path) => (choices[path] === 'theirs' ? withAnswer(resolved, path, theirs[path] ?? null) : resolved), patch);
}

/**
 * What a save came to: sent, kept on the device to be sent once online, or refused because someone
 * else changed the same answers meanwhile.
 */
type SaveOutcome = { conflict?: PendingConflict; queued?: boolean };

/** The queued patch of a step item, or undefined for any other. */
const queuedPatch = (item: QueueItem | undefined) => (item?.payload.kind === 'step' ? item.payload : undefined);

/** A queued save the server met with someone else's change: it opens the conflict dialog on the page. */
function queuedConflict(item: QueueItem | undefined): PendingConflict | undefined {
  const payload = queuedPatch(item);
  if (item?.status !== 'conflict' || !item.conflict || !payload) return undefined;
  return { conflict: item.conflict, patch: payload.patch };
}

/**
 * The step's questions, validated by the domain schema, saved by the one button, then on to the next step.
 * A save sends only the answers changed since the step was loaded, with the version it was loaded at:
 * what someone else saved meanwhile stays. When they changed the same answers, the person chooses
 * per answer in a dialog, and the choice is saved against the newer version.
 */
function StepAnswersForm<S extends QuestionnaireStep>({ step, projectId, stored, version, queued, children }: StepFormProps<S>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const queue = useQueue();
  const { user } = useSession();
  useLiveFollowUps(projectId);
  // A queued save shows its answers over the stored ones and keeps the version it was based on, so
  // what someone else changed meanwhile is still found when it is sent.
  const onDevice = queuedPatch(queued);
  const [pending, setPending] = useState<PendingConflict | undefined>(() => queuedConflict(queued));
  // A queued save the sync found in conflict while the page is open asks the person here too.
  const queuedConflictNow = queued?.status === 'conflict' ? queued.conflict : undefined;
  const conflictShown = useRef(pending?.conflict.version);
  useEffect(() => {
    if (!queuedConflictNow || !onDevice || conflictShown.current === queuedConflictNow.version) return;
    conflictShown.current = queuedConflictNow.version;
    setPending((shown) => shown ?? { conflict: queuedConflictNow, patch: onDevice.patch });
  }, [queuedConflictNow, onDevice]);
  // What the edit is based on: the loaded answers, after a conflict the answers it named.
  const base = useRef<{ answers: Record<string, unknown>; version: string | undefined }>({ answers: stored, version: onDevice ? onDevice.baseVersion : version });

  // Without a connection the save waits on the device, with everything changed since its base version.
  const keepOnDevice = async (patch: Record<string, unknown>): Promise<SaveOutcome> => {
    await queue.putStep({ kind: 'step', projectId, step, patch, baseVersion: base.current.version });
    return { queued: true };
  };
  // The answers chosen in the conflict dialog: the save after the choice sends these as they are.
  const chosen = useRef<Record<string, unknown> | undefined>(undefined);

  const save = async (answers: StepAnswers<S>): Promise<SaveOutcome> => {
    const patch = chosen.current ?? changedAnswers(base.current.answers, saveBodyOf[step](answers));
    chosen.current = undefined;
    if (queue.available && !isOnline()) return keepOnDevice(patch);
    try {
      await saveStepAnswers(step, projectId, patch, base.current.version);
    } catch (error) {
      const conflict = conflictOfSave(error);
      if (conflict) return { conflict: { conflict, patch } };
      if (error instanceof NetworkError && queue.available) return keepOnDevice(patch);
      throw error;
    }
    // The queued save is in this one now: it must not be sent again.
    if (queued) await queue.remove(queued.id);
    return {};
  };

  // The other steps' answers the warnings compare with; the resolver reads the latest of them.
  const compared = useComparedAnswers(step, projectId);
  const comparedNow = useRef(compared);
  useEffect(() => {
    comparedNow.current = compared;
  }, [compared]);
  const resolver = useMemo(() => withUnusualChecked(step, stepResolvers[step], () => comparedNow.current), [step]);

  const stepForm = useServerForm<StepFormValues<S>, StepAnswers<S>, SaveOutcome>({
    resolver,
    defaultValues: formValuesOf[step](onDevice ? readStoredAnswers(step, mergeStepAnswers(stored, onDevice.patch)) : stored),
    submit: save,
    errors: errorContexts.saveAnswers,
    onSuccess: ({ conflict, queued: keptOnDevice }) => {
      if (conflict) {
        setPending(conflict);
        return;
      }
      if (keptOnDevice) notify(de.offlineQueue.savedOnDevice);
      // Progress and open questions changed: dashboards and the overview must not show the old ones.
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.record(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      release();
      const state: QuestionnaireSavedState | undefined = isLastStep(step) ? { questionnaireSaved: projectId } : undefined;
      void navigate(pathAfter(step, user?.roles ?? []), { state });
    },
  });
  const { form } = stepForm;
  // Changed answers are not lost silently; after a save the way on does not ask.
  const release = useUnsavedChangesGuard(form.formState.isDirty);
  useFocusRequestedQuestion(step, form);

  // The form now shows the step as saved by the other person with this person's choices over it, so a
  // later save (after a failure) starts from there; it stays marked as changed until saved.
  const resolve = async (choices: ConflictChoices) => {
    if (!pending) return;
    const patch = resolvedPatch(pending, choices);
    const current = readStoredAnswers(step, pending.conflict.answers);
    base.current = { answers: current, version: conflictVersion(pending.conflict) };
    form.reset(formValuesOf[step](readStoredAnswers(step, mergeStepAnswers(current, patch))), { keepDefaultValues: true });
    chosen.current = patch;
    await stepForm.onSubmit();
    // A choice the fields' check stopped is not sent later in place of what the person then changes.
    chosen.current = undefined;
    setPending((shown) => (shown?.conflict === pending.conflict ? undefined : shown));
  };

  return (
    <>
      <form onSubmit={stepForm.onSubmit} noValidate className="flex flex-col gap-4">
        <Card>
          <CardContent className="pt-6">
            <StepAnswersProvider step={step} record={compared}>
              <StepProjectProvider projectId={projectId}>{children(form)}</StepProjectProvider>
            </StepAnswersProvider>
          </CardContent>
        </Card>
        <FormError>{stepForm.error}</FormError>
        <div className="flex justify-end">
          <Button type="submit" busy={stepForm.busy} className="w-full sm:w-auto">
            {isLastStep(step) ? t.save : t.saveAndContinue}
          </Button>
        </div>
      </form>
      {/* Outside the step's form: React passes a submit in the dialog (a portal) up the component tree. */}
      {pending ? (
        <StepConflictDialog
          key={pending.conflict.version}
          conflict={pending.conflict}
          mine={pending.patch}
          busy={stepForm.busy}
          onResolve={(choices) => void resolve(choices)}
          onCancel={() => setPending(undefined)}
        />
      ) : null}
    </>
  );
}

function StepAnswersLoader<S extends QuestionnaireStep>({ step, projectId, children }: Omit<StepFormProps<S>, 'stored' | 'version' | 'queued'>) {
  const queued = useQueuedStep(projectId, step);
  const queryKey = questionnaireKeys.step(projectId, step);
  const answers = useQuery({
    queryKey,
    queryFn: () => fetchStepAnswers(step, projectId),
    // A form takes its starting values once: it must never start from an older cached answer.
    gcTime: 0,
    staleTime: Infinity,
    // Offline a retry would only fail again a moment later: the page says at once what is not kept.
    retry: (failures, error) => failures < 1 && mayRetry(error) && !(error instanceof NetworkError && !isOnline()),
  });
  // Offline with nothing kept: said at once; the answers load by themselves when the connection is back.
  const notKept = useNotKeptOffline(queryKey, answers);
  if (notKept) return <NotKeptNotice>{t.notKeptOffline}</NotKeptNotice>;
  if (answers.isPending || queued.loading) return <Spinner label={de.common.loading} />;
  if (answers.isError) return <LoadFailure error={answers.error} onRetry={() => void answers.refetch()} />;
  // The form's many fields render in a transition of their own, which lets the browser in between.
  return (
    <MountInTransition fallback={<Spinner label={de.common.loading} />}>
      <StepAnswersForm step={step} projectId={projectId} stored={answers.data.answers} version={answers.data.version} queued={queued.item}>
        {children}
      </StepAnswersForm>
    </MountInTransition>
  );
}

interface QuestionnaireStepPageProps<S extends QuestionnaireStep> {
  step: S;
  /** The step's questions, bound to its form. */
  children(form: StepForm<S>): ReactNode;
}

/**
 * One questionnaire page (spec section 2): title and step indicator, the stored answers as the
 * form's start, and the one button. Without a selected project it warns and leaves.
 */
export function QuestionnaireStepPage<S extends QuestionnaireStep>({ step, children }: QuestionnaireStepPageProps<S>) {
  const projectId = useQuestionnaireProject();
  useDocumentTitle(de.documentTitles.questionnaire(de.questionnaire.titles[step]));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <StepHeader step={step} projectId={projectId} />
      {projectId ? (
        <StepAnswersLoader step={step} projectId={projectId}>
          {children}
        </StepAnswersLoader>
      ) : null}
    </div>
  );
}
