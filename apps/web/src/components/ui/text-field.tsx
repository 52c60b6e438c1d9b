import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';
import { Input } from './input';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Further ids describing the input, besides its hint and error. */
  describedBy?: string;
}

/** A labelled input with hint and error. */
export function TextField({ id, label, hint, error, required, describedBy, className, ...props }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} required={required} describedBy={describedBy} className={className}>
      {(control) => <Input {...props} {...control} />}
    </FormField>
  );
}

