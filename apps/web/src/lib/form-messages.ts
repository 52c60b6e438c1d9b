import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { de } from '../i18n/de';

const t = de.forms;
/** The questionnaire's wording of the same English texts, so a limit reads alike on every form. */
const m = de.questionnaire.messages;

/** The generic texts the shared schemas give an empty field, in German and in the spec's English. */
const isEmptyFieldText = (message: string) =>
  message === t.requiredField ||
  message === 'Required' ||
  /^(Invalid input: expected|Expected) \w+, received (undefined|null)$/.test(message);

/** The spec's English schema texts (section 5) and zod's own English defaults, each with its German text. */
const englishTexts: readonly [RegExp, (value: string) => string][] = [
  [/^Value must be at least (\S+) characters long\.$/, t.minLength],
  [/^Value cannot exceed (\S+) characters\.$/, m.textTooLong],
  [/^Year must be at least (\S+)\.$/, m.yearTooEarly],
  [/^Year cannot exceed (\S+)\.$/, m.yearTooLate],
  [/^Value must be at least (\S+)\.$/, m.numberTooSmall],
  [/^Value cannot exceed (\S+)\.$/, m.numberTooLarge],
  [/^Expected integer, received float$/, () => m.wholeNumber],
  [/^Invalid option/, () => m.invalidChoice],
  [/^(Expected \w+, received \w+|Invalid .*|Too (small|big).*)$/, () => t.invalid],
];

/** The last name in a field's path ('address.street' → 'street'), skipping list positions. */
const fieldNameOf = (path: string) => path.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? path;

/**
 * The one place where a form field's message becomes the German text shown beside it: an empty
 * required field names the field ('Bitte geben Sie den Vornamen ein.'); English schema texts the spec
 * defines are put into German; every other (already German) text stays as it is.
 */
export function germanFieldMessage(path: string, message: string): string {
  if (isEmptyFieldText(message)) return t.required[fieldNameOf(path)] ?? t.requiredField;
  for (const [pattern, german] of englishTexts) {
    const match = pattern.exec(message);
    if (match) return german(match[1] ?? '');
  }
  return message;
}

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && typeof (value as FieldError).type === 'string' && 'message' in value;

function inGerman(errors: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isFieldError(value)) {
      result[key] = typeof value.message === 'string' ? { ...value, message: germanFieldMessage(path, value.message) } : value;
    } else if (typeof value === 'object' && value !== null) {
      result[key] = inGerman(value as Record<string, unknown>, path);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** A form's resolver whose field messages are the German texts of germanFieldMessage. */
export function germanResolver<Input extends FieldValues, Context, Output>(resolver: Resolver<Input, Context, Output>): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = inGerman(result.errors as Record<string, unknown>, '') as FieldErrors<Input>;
    return { ...result, errors } as Awaited<ReturnType<Resolver<Input, Context, Output>>>;
  };
}

/** A zod schema as the resolver reads it: what the inputs hold, and what the checked form sends. */
interface FormSchema<Input extends FieldValues, Output> {
  _zod: { input: Input; output: Output };
}

/** The resolver of a form checked by a (domain) schema, with its field messages in German. */
export function schemaResolver<Input extends FieldValues, Output>(schema: FormSchema<Input, Output>): Resolver<Input, unknown, Output> {
  return germanResolver(zodResolver<Input, unknown, Output>(schema));
}
