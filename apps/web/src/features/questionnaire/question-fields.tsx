import { useRef, type ComponentProps, type ReactNode } from 'react';
import { isUnknownAllowed, questionCatalogue, questionnaireLimits, type QuestionKey } from '@bauakte/domain/labels';
import { useController, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldError, FieldHint, FormField, joinIds } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';
import { questionMessage } from './question-message';
import { ExplainQuestion, isExplained } from './explain-question';
import { UnusualValueWarning, useUnusualWarning } from './unusual-values';
import { QuestionFollowUps } from './question-follow-ups';
import { QuestionPhotos } from './question-photos';

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
  const unknown = useUnknownChoice(control, name, field);
  const key = questionKeyOf(name);
  const warning = useUnusualWarning(control, key);
  const id = questionId(name);
  const frame = { id, label, hint, error: questionMessage(fieldState.error?.message), describedBy: warning ? `${id}-warning` : undefined };
  const unusual = warning && key ? <UnusualValueWarning id={id} control={control} name={name} questionKey={key} warning={warning} /> : null;
  const wiring = {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: kind.shown(field.value),
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value === '' ? null : kind.read(event.target.value)),
    disabled: unknown.chosen,
  };
  return { frame, wiring, unknown, unusual };
}

/** The question's key in the catalogue ('roof.roofType' → 'roofType'); undefined for a field that is no question. */
function questionKeyOf(name: string): QuestionKey | undefined {
  const key = name.slice(name.lastIndexOf('.') + 1);
  return key in questionCatalogue ? (key as QuestionKey) : undefined;
}

interface UnknownChoice {
  /** The catalogue offers 'Weiß ich nicht' for this question. */
  offered: boolean;
  chosen: boolean;
  choose(chosen: boolean): void;
}

/**
 * 'Weiß ich nicht' of a question the domain's catalogue offers it for: chosen, the question's
 * answer is set aside (null, so the save clears it) and the step's `unknown` list names it; chosen
 * again within the same edit, what was typed before comes back.
 */
function useUnknownChoice<T extends FieldValues, Output>(control: Control<T, unknown, Output>, name: FieldPath<T>, field: ControllerRenderProps<T, FieldPath<T>>): UnknownChoice {
  const key = questionKeyOf(name);
  const offered = key !== undefined && isUnknownAllowed(key);
  const { field: list } = useController({ control, name: 'unknown' as FieldPath<T> });
  const kept = useRef<unknown>(null);
  const listed: string[] = Array.isArray(list.value) ? (list.value as string[]) : [];
  const chosen = offered && listed.includes(key);
  const choose = (choice: boolean) => {
    if (!key) return;
    if (choice) {
      kept.current = field.value;
      field.onChange(null);
      list.onChange([...listed.filter((each) => each !== key), key]);
      return;
    }
    list.onChange(listed.filter((each) => each !== key));
    field.onChange(kept.current ?? null);
  };
  return { offered, chosen, choose };
}

/** The 'Weiß ich nicht' checkbox under a question; a native checkbox, so Space toggles it. */
function UnknownCheckbox({ id, unknown }: { id: string; unknown: UnknownChoice }) {
  if (!unknown.offered) return null;
  return (
    <label htmlFor={`${id}-unknown`} className="flex min-h-11 w-fit cursor-pointer items-center gap-2 text-sm">
      <input
        id={`${id}-unknown`}
        type="checkbox"
        checked={unknown.chosen}
        onChange={(event) => unknown.choose(event.target.checked)}
        className="size-4 accent-primary"
      />
      {t.unknown}
    </label>
  );
}

/** A question with what belongs under it: the warning of an unusual value, the 'Weiß ich nicht' choice and 'Was bedeutet das?'. */
function QuestionBlock({ id, unknown, unusual, children }: { id: string; unknown: UnknownChoice; unusual?: ReactNode; children: ReactNode }) {
  const key = questionKeyOf(id.slice('question-'.length).replace(/-/g, '.'));
  const explained = isExplained(key);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {children}
      {unusual}
      {unknown.offered || explained ? (
        <div className="flex flex-wrap items-center gap-x-6">
          <UnknownCheckbox id={id} unknown={unknown} />
          {explained ? <ExplainQuestion questionKey={key} /> : null}
        </div>
      ) : null}
      <QuestionPhotos questionKey={key} />
      <QuestionFollowUps questionKey={key} />
    </div>
  );
}

interface SelectQuestionProps<T extends FieldValues, Output, V extends string> extends QuestionProps<T, Output> {
  options: readonly V[];
  /** German label per value, from the domain's `…Labels` records. */
  labels: Readonly<Record<V, string>>;
}

/** A choice; the empty 'Bitte wählen' option means unanswered and is sent as null. */
export function SelectQuestion<T extends FieldValues, Output, V extends string>({ options, labels, ...question }: SelectQuestionProps<T, Output, V>) {
  const { frame, wiring, unknown, unusual } = useQuestion(question, textAnswer);
  return (
    <QuestionBlock id={frame.id} unknown={unknown} unusual={unusual}>
      <FormField {...frame}>
        {(controlProps) => (
          <NativeSelect {...wiring} {...controlProps}>
            <option value="">{unknown.chosen ? t.unknownValue : t.pleaseChoose}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {labels[option]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </QuestionBlock>
  );
}

interface NumberQuestionProps<T extends FieldValues, Output> extends QuestionProps<T, Output> {
  min: number;
  max: number;
}

/** A whole number such as a year; an empty field is unanswered and sent as null. */
export function NumberQuestion<T extends FieldValues, Output>({ min, max, ...question }: NumberQuestionProps<T, Output>) {
  const { frame, wiring, unknown, unusual } = useQuestion(question, numberAnswer);
  return (
    <QuestionBlock id={frame.id} unknown={unknown} unusual={unusual}>
      <FormField {...frame}>
        {(controlProps) => (
          <Input {...wiring} {...controlProps} type="number" inputMode="numeric" step={1} min={min} max={max} placeholder={unknown.chosen ? t.unknownValue : undefined} className="md:max-w-48" />
        )}
      </FormField>
    </QuestionBlock>
  );
}

/** Free text, as long as the domain allows any text answer; an empty field is unanswered and sent as null. */
export function TextQuestion<T extends FieldValues, Output>(question: QuestionProps<T, Output>) {
  const { frame, wiring, unknown, unusual } = useQuestion(question, textAnswer);
  return (
    <QuestionBlock id={frame.id} unknown={unknown} unusual={unusual}>
      <FormField {...frame}>
        {(controlProps) => <Input {...wiring} {...controlProps} maxLength={questionnaireLimits.textMaxLength} placeholder={unknown.chosen ? t.unknownValue : undefined} />}
      </FormField>
    </QuestionBlock>
  );
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
  const unknown = useUnknownChoice(control, name, field);
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
    <QuestionBlock id={id} unknown={unknown}>
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
                disabled={unknown.chosen}
                className="size-4 accent-primary focus-visible:outline-none"
              />
              {text}
            </label>
          ))}
        </div>
        <FieldHint id={hintId}>{hint}</FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </fieldset>
    </QuestionBlock>
  );
}
