import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch, type Control, type FieldErrors, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import { serverMessages } from '@bauakte/domain/texts';
import { plausibilityChecks, unconfirmedValues, unusualValues, type QuestionKey, type QuestionnaireRecord, type QuestionnaireStep } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { questionnaireKeys } from '../../lib/query-keys';
import { requestStepAnswers } from './step-start';

const t = de.questionnaire;

interface StepAnswersContext {
  step: QuestionnaireStep;
  /** The project's other steps as stored, for the checks that compare with them (the building's year). */
  record: QuestionnaireRecord;
}

const StepContext = createContext<StepAnswersContext | undefined>(undefined);

const noAnswers: QuestionnaireRecord = {};

/**
 * What the plausibility checks of a step read besides its own form: the other steps' stored
 * answers, loaded only for steps that compare with them. Unreadable, the checks judge without them
 * (the server judges again on save).
 */
export function useComparedAnswers(step: QuestionnaireStep, projectId: string): QuestionnaireRecord {
  const reads = [...new Set(plausibilityChecks.filter((check) => check.step === step).flatMap((check) => check.reads))];
  const record = useQuery({
    queryKey: questionnaireKeys.compared(projectId, step),
    queryFn: async (): Promise<QuestionnaireRecord> => Object.fromEntries(await Promise.all(reads.map(async (other) => [other, (await requestStepAnswers(other, projectId)).data]))),
    enabled: reads.length > 0,
    retry: false,
  });
  return record.data ?? noAnswers;
}

/** The step and the other steps' answers, for the warnings beside its questions. */
export function StepAnswersProvider({ step, record, children }: { step: QuestionnaireStep; record: QuestionnaireRecord; children: ReactNode }) {
  return <StepContext.Provider value={{ step, record }}>{children}</StepContext.Provider>;
}

/**
 * A step's resolver that also refuses an unusual value not yet confirmed, beside its field and in
 * the server's words, before anything is sent: a save kept on the device offline would otherwise
 * be refused only once the connection is back.
 */
export function withUnusualChecked<S extends QuestionnaireStep, V extends FieldValues, Output>(
  step: S,
  resolver: Resolver<V, unknown, Output>,
  compared: () => QuestionnaireRecord,
): Resolver<V, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    const [unconfirmed] = unconfirmedValues({ ...compared(), [step]: result.values }, step);
    if (!unconfirmed) return result;
    const message = serverMessages.unusualValueUnconfirmed(unconfirmed.warning);
    const path = unconfirmed.field === 'roofType' || unconfirmed.field === 'isAtticHeated' ? `roof.${unconfirmed.field}` : unconfirmed.field;
    return { values: {}, errors: { [path]: { type: 'unusual', message } } as FieldErrors<V> };
  };
}

/**
 * The warning of a question whose value is unusual (the domain's plausibility checks), judged on
 * the form's current answers; undefined while the value is usual.
 */
export function useUnusualWarning<T extends FieldValues, Output>(control: Control<T, unknown, Output>, key: QuestionKey | undefined): string | undefined {
  const context = useContext(StepContext);
  const answers = useWatch({ control });
  if (!context || !key) return undefined;
  return unusualValues({ ...context.record, [context.step]: answers }, context.step).find((value) => value.field === key)?.warning;
}

interface WarningProps<T extends FieldValues, Output> {
  id: string;
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
  questionKey: QuestionKey;
  warning: string;
}

/**
 * The warning beside an unusual value, with the client's 'Ja, stimmt so' in the step's `confirmed`
 * list (only steps with such checks have one); the server refuses the save until it is ticked. A
 * confirmation holds for the value confirmed: another value is asked about again.
 */
export function UnusualValueWarning<T extends FieldValues, Output>({ id, control, name, questionKey, warning }: WarningProps<T, Output>) {
  const { field: list } = useController({ control, name: 'confirmed' as FieldPath<T> });
  const value = useWatch({ control, name });
  const listed: string[] = Array.isArray(list.value) ? (list.value as string[]) : [];
  const confirmed = listed.includes(questionKey);
  const confirm = (choice: boolean) => {
    const others = listed.filter((each) => each !== questionKey);
    list.onChange(choice ? [...others, questionKey] : others);
  };
  const shownValue = useRef(value);
  useEffect(() => {
    if (shownValue.current === value) return;
    shownValue.current = value;
    if (confirmed) confirm(false);
  });
  return (
    <div id={`${id}-warning`} role="status" className="flex flex-col gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{warning}</p>
      <label htmlFor={`${id}-confirm`} className="flex min-h-11 w-fit cursor-pointer items-center gap-2 font-medium">
        <input id={`${id}-confirm`} type="checkbox" checked={confirmed} onChange={(event) => confirm(event.target.checked)} className="size-4 accent-primary" />
        {t.confirmUnusual}
      </label>
    </div>
  );
}
