import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';
import { NativeSelect } from './native-select';

/** A choice: a plain value, or a value shown under another text. */
export type SelectOption = string | { value: string; label: string };

const valueOf = (option: SelectOption) => (typeof option === 'string' ? option : option.value);
const labelOf = (option: SelectOption) => (typeof option === 'string' ? option : option.label);

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  id: string;
  label: string;
  /** The text of the empty first option, e.g. 'Team auswählen'. */
  placeholder: string;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
}

/** A labelled native select with an empty first option, hint and error. */
export function SelectField({ id, label, placeholder, options, hint, error, required, className, ...props }: SelectFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <NativeSelect {...props} {...control}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={valueOf(option)} value={valueOf(option)}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
