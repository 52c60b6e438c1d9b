import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';
import { NativeSelect } from './native-select';

interface SelectFieldProps extends ComponentProps<'select'> {
  id: string;
  label: string;
  /** The text of the empty first option, e.g. 'Team auswählen'. */
  placeholder: string;
  options: readonly string[];
  error?: string;
}

/** A labelled native select over plain string options, with its error. */
export function SelectField({ id, label, placeholder, options, error, className, ...props }: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
