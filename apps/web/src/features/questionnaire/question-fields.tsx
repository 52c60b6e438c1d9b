import type { ComponentProps } from 'react';
import { questionnaireLimits } from '@bauakte/domain/labels';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldError, FieldHint, FormField, joinIds } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';
import { questionMessage } from './question-message';

const t = de.questionnaire;

interface QuestionProps<T extends FieldValues, Output> {
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
  label: string;
  /** A line under the label, e.g. what kind of answer is expected. */
  hint?: string;
}

/** Stable ids from the field path ('roof.roofType' → 'question-roof-roofType'), also for e2e specs. */
const questionId = (name: string) => `question-${name.replace(/\./g, '-')}`;

/** Questions side by side on wide screens, one below the other on a phone. */
export function QuestionGrid({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-x-8 gap-y-6 md:grid-cols-2', className)} {...props} />;
}

/** How a control shows a stored answer, and which answer its text stands for ('' is always unanswered). */
interface AnswerKind {
  shown(value: unknown): string | number;
  read(text: string): string | number;
}

const textAnswer: AnswerKind = { shown: (value) => (typeof value === 'string' ? value : ''), read: (text) => text };
// A number input reports '' for anything it cannot read as a number, too.
const numberAnswer: AnswerKind = { shown: (value) => (typeof value === 'number' ? value : ''), read: Number };

/**
 * What every single-control question needs: the props of its FormField (stable id, label, hint,
 * message) and the control's wiring, which sends null for an empty control.
 */
function useQuestion<T extends FieldValues, Output>({ control, name, label, hint }: QuestionProps<T, Output>, kind: AnswerKind) {
  const { field, fieldState } = useController({ control, name });
  const frame = { id: questionId(name), label, hint, error: questionMessage(fieldState.error?.message) };
  const wiring = {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: kind.shown(field.value),
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value === '' ? null : kind.read(event.target.value)),
  };
  return { frame, wiring };
}

interface SelectQuestionProps<T extends FieldValues, Output, V extends string> extends QuestionProps<T, Output> {
  options: readonly V[];
  /** German label per value, from the domain's `…Labels` records. */
  labels: Readonly<Record<V, string>>;
}

/** A choice; the empty 'Bitte wählen' option means unanswered and is sent as null. */
export function SelectQuestion<T extends FieldValues, Output, V extends string>({ options, labels, ...question }: SelectQuestionProps<T, Output, V>) {
  const { frame, wiring } = useQuestion(question, textAnswer);
  return (
    <FormField {...frame}>
      {(controlProps) => (
        <NativeSelect {...wiring} {...controlProps}>
          <option value="">{t.pleaseChoose}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

interface NumberQuestionProps<T extends FieldValues, Output> extends QuestionProps<T, Output> {
  min: number;
  max: number;
}

/** A whole number such as a year; an empty field is unanswered and sent as null. */
export function NumberQuestion<T extends FieldValues, Output>({ min, max, ...question }: NumberQuestionProps<T, Output>) {
  const { frame, wiring } = useQuestion(question, numberAnswer);
  return (
    <FormField {...frame}>
      {(controlProps) => <Input {...wiring} {...controlProps} type="number" inputMode="numeric" step={1} min={min} max={max} className="md:max-w-48" />}
    </FormField>
  );
}

/** Free text, as long as the domain allows any text answer; an empty field is unanswered and sent as null. */
export function TextQuestion<T extends FieldValues, Output>(question: QuestionProps<T, Output>) {
  const { frame, wiring } = useQuestion(question, textAnswer);
  return <FormField {...frame}>{(controlProps) => <Input {...wiring} {...controlProps} maxLength={questionnaireLimits.textMaxLength} />}</FormField>;
}

interface YesNoQuestionProps<T extends FieldValues, Output> extends QuestionProps<T, Output> {
  /** Called after the user picks an answer, e.g. to hide follow-up questions. */
  onAnswer?(value: boolean): void;
  /** The step cannot be saved without an answer (the domain's requiredQuestions): marked with '*'. */
  required?: boolean;
}

const yesNo = [
  { value: true, suffix: 'yes', text: t.yes },
  { value: false, suffix: 'no', text: t.no },
] as const;

/** A Ja/Nein question: native radios in a group named by its legend; arrow keys move between them. */
export function YesNoQuestion<T extends FieldValues, Output>({ control, name, label, hint, required, onAnswer }: YesNoQuestionProps<T, Output>) {
  const { field, fieldState } = useController({ control, name });
  const id = questionId(name);
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = questionMessage(fieldState.error?.message);
  const choose = (value: boolean) => {
    field.onChange(value);
    onAnswer?.(value);
  };
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={joinIds(hint && hintId, error && errorId)}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      className="flex min-w-0 flex-col gap-2"
    >
      <legend className="mb-2 flex items-baseline gap-1 text-sm font-medium leading-none text-foreground">
        {/* The group's name is this span alone; the '*' beside it is said by aria-required, as in FormField. */}
        <span id={legendId}>{label}</span>
        {required ? (
          <span aria-hidden className="text-sm leading-none text-destructive">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-3">
        {yesNo.map(({ value, suffix, text }, index) => (
          <label
            key={suffix}
            htmlFor={`${id}-${suffix}`}
            className="flex h-10 min-w-24 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2"
          >
            <input
              id={`${id}-${suffix}`}
              type="radio"
              name={field.name}
              value={String(value)}
              // The first radio takes the ref, so a failed validation can focus the group.
              ref={index === 0 ? field.ref : undefined}
              checked={field.value === value}
              onChange={() => choose(value)}
              onBlur={field.onBlur}
              className="size-4 accent-primary focus-visible:outline-none"
            />
            {text}
          </label>
        ))}
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
