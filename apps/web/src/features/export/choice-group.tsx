import { FieldHint, joinIds } from '../../components/ui/form-field';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceGroupProps<T extends string> {
  id: string;
  legend: string;
  hint?: string;
  choices: readonly Choice<T>[];
  value: T;
  disabled?: boolean;
  onChange(value: NoInfer<T>): void;
}

/** One of a few choices: native radios in a group named by its legend; arrow keys move between them. */
export function ChoiceGroup<T extends string>({ id, legend, hint, choices, value, disabled, onChange }: ChoiceGroupProps<T>) {
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  return (
    <fieldset role="radiogroup" aria-labelledby={legendId} aria-describedby={joinIds(hint && hintId)} className="flex min-w-0 flex-col gap-2">
      <legend id={legendId} className="mb-2 text-sm font-medium leading-none text-foreground">
        {legend}
      </legend>
      <div className="flex flex-wrap gap-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            htmlFor={`${id}-${choice.value}`}
            className="flex h-10 min-w-28 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2"
          >
            <input
              id={`${id}-${choice.value}`}
              type="radio"
              name={id}
              value={choice.value}
              checked={value === choice.value}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
              className="size-4 accent-primary focus-visible:outline-none"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
    </fieldset>
  );
}
