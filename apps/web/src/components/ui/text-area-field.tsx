import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled multi-line text with hint and error. */
export function TextAreaField({ id, label, hint, error, required, className, rows = 3, ...props }: TextAreaFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <textarea
          rows={rows}
          className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
          {...props}
          {...control}
        />
      )}
    </FormField>
  );
}
