import { useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { questionnaireSteps, type QuestionnaireStep } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { errorContexts, errorText, hasErrorCode, mayRetry, showFieldIssues } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/session-context';
import { fetchStepAnswers, questionnaireKeys, saveStepAnswers, type StepAnswers, type StepFormValues, type StoredAnswers } from './questionnaire-api';
import { formValuesOf, isLastStep, pathAfter, stepCount, stepNumber, stepResolvers } from './questionnaire-steps';
import { useLeaveProject } from '../projects/use-required-project';
import { useQuestionnaireProject } from './use-questionnaire-project';

const t = de.questionnaire;

export type StepForm<S extends QuestionnaireStep> = UseFormReturn<StepFormValues<S>, unknown, StepAnswers<S>>;

function StepHeader({ step }: { step: QuestionnaireStep }) {
  const current = stepNumber(step);
  return (
    <header className="flex flex-col gap-2">
      <p className="text-sm font-medium text-muted-foreground">{t.stepOf(current, stepCount)}</p>
      <h1 className="text-2xl font-semibold tracking-tight">{t.titles[step]}</h1>
      <div aria-hidden className="grid grid-cols-4 gap-1.5">
        {questionnaireSteps.map((each, index) => (
          <span key={each} className={cn('h-1.5 rounded-full', index < current ? 'bg-primary' : 'bg-secondary')} />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{t.intro}</p>
    </header>
  );
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
  children(form: StepForm<S>): ReactNode;
}

/** The step's questions, validated by the domain schema, saved by the one button, then on to the next step. */
function StepAnswersForm<S extends QuestionnaireStep>({ step, projectId, stored, children }: StepFormProps<S>) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [failure, setFailure] = useState('');
  const form: StepForm<S> = useForm<StepFormValues<S>, unknown, StepAnswers<S>>({
    resolver: stepResolvers[step],
    defaultValues: formValuesOf[step](stored),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (answers) => {
    setFailure('');
    try {
      await saveStepAnswers(step, projectId, answers);
    } catch (error) {
      // Server paths are form paths by construction: both come from the same schema.
      showFieldIssues(error, form);
      setFailure(errorText(error, errorContexts.saveAnswers));
      return;
    }
    void navigate(pathAfter(step, user?.roles ?? []));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Card>
        <CardContent className="pt-6">{children(form)}</CardContent>
      </Card>
      <FormError>{failure}</FormError>
      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
          {isLastStep(step) ? t.save : t.saveAndContinue}
        </Button>
      </div>
    </form>
  );
}

function StepAnswersLoader<S extends QuestionnaireStep>({ step, projectId, children }: Omit<StepFormProps<S>, 'stored'>) {
  const answers = useQuery({
    queryKey: questionnaireKeys.step(projectId, step),
    queryFn: () => fetchStepAnswers(step, projectId),
    // A form takes its starting values once: it must never start from an older cached answer.
    gcTime: 0,
    staleTime: Infinity,
    retry: (failures, error) => failures < 1 && mayRetry(error),
  });
  if (answers.isPending) return <Spinner label={de.common.loading} />;
  if (answers.isError) return <LoadFailure error={answers.error} onRetry={() => void answers.refetch()} />;
  return (
    <StepAnswersForm step={step} projectId={projectId} stored={answers.data}>
      {children}
    </StepAnswersForm>
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
      <StepHeader step={step} />
      {projectId ? (
        <StepAnswersLoader step={step} projectId={projectId}>
          {children}
        </StepAnswersLoader>
      ) : null}
    </div>
  );
}
