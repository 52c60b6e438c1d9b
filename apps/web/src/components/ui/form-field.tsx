import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { deStart as de } from '../../i18n/de-start';
import { Label } from './label';

/** What the field's control must carry so label, hint and error belong to it. */
/** What an input of a form takes: react-hook-form's binding and the field's message. */
export type FieldBinding = UseFormRegisterReturn & { error: string | undefined };

export interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  /** Said outright as well: forms are noValidate, so the native attribute only names the state. */
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: string;
  /** A line under the control, e.g. what kind of answer is expected; linked to the control. */
  hint?: ReactNode;
  /** The field's validation message, shown under it and linked to it. */
  error?: string;
  /** Marks the label (visually; the control says it to assistive technology). */
  required?: boolean;
  /** Further elements describing the control, e.g. a message the field's owner places elsewhere. */
  describedBy?: string;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/** The ids an element's aria-describedby lists, leaving out those not shown. */
export const joinIds = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The line under a control saying what is expected; the control lists its id in aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <div id={id} className="text-sm text-muted-foreground">
      {children}
    </div>
  );
}

/** A field's validation message, announced when it appears. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/** Label, control, hint and error of one form field: the building block every input, select and textarea uses. */
export function FormField({ id, label, hint, error, required, describedBy, className, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id}>{label}</Label>
        {/* Outside the label, so the field's name stays the label's text. */}
        {required ? (
          <span aria-hidden className="text-sm leading-none text-destructive">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        required: required || undefined,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': joinIds(hint ? hintId : undefined, error ? errorId : undefined, describedBy),
      })}
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** What the asterisk beside a label means; placed once in every form with required fields. */
export function RequiredLegend({ className }: { className?: string }) {
  return <p className={cn('text-sm text-muted-foreground', className)}>{de.forms.requiredLegend}</p>;
}
