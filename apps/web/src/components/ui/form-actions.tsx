import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { FormError } from './form-error';
import { StatusMessage } from './status-message';

export interface FormActionsProps {
  /** The text of the submit button (it may change while busy, e.g. 'Wird gesendet …'). */
  submitLabel: ReactNode;
  /** The form is checked or sent: the submit button spins and takes no second click. */
  busy: boolean;
  /** The submit button cannot be used yet, e.g. before anything is entered. */
  disabled?: boolean;
  /** The form's failure text (useServerForm's error), announced as an alert. */
  error?: string;
  /** A success text in the same place, announced politely. */
  status?: ReactNode;
  /** A way out beside the submit button, e.g. 'Abbrechen'. */
  cancel?: { label: ReactNode; onClick(): void; disabled?: boolean };
  /**
   * 'start': the submit button alone under the fields (cards, modals that close after saving);
   * 'end': cancel and submit at the right, stacked on phones with the submit button on top.
   */
  align?: 'start' | 'end';
  /** The buttons' own container where the surrounding has one, e.g. a dialog's footer. */
  container?: ComponentType<{ className?: string; children: ReactNode }>;
  className?: string;
}

function Row({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className || undefined}>{children}</div>;
}

/** The end of every form: its result line, then its buttons. */
export function FormActions({ submitLabel, busy, disabled, error, status, cancel, align = 'start', container: Container = Row, className }: FormActionsProps) {
  return (
    <>
      <FormError>{error}</FormError>
      <StatusMessage>{status}</StatusMessage>
      <Container className={cn(align === 'end' && 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
        {cancel ? (
          <Button variant="outline" disabled={cancel.disabled} onClick={cancel.onClick}>
            {cancel.label}
          </Button>
        ) : null}
        <Button type="submit" busy={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      </Container>
    </>
  );
}
