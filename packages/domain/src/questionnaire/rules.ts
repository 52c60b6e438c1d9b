import { z } from 'zod';
import { isSafeSingleLine } from '../text';
import { fieldTexts } from '../texts/form-texts';
import { currentYearInAustria, questionnaireLimits } from './limits';

/**
 * Field rules shared by the four questionnaire steps (spec sections 5 and 9).
 *
 * The messages stay English and verbatim because the spec quotes them that way; the
 * questionnaire forms do not show them, the API answers with them.
 *
 * Unanswered questions may arrive missing, `undefined` or `null`. After parsing they are
 * always `null` (never absent): `null` survives the JSON round trip to storage and back,
 * so a stored step has the same keys whether it came from a form or from the database.
 */

/** Zod 3's type names, which the spec's 'Expected X, received Y' messages use. */
function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  // NaN and ±Infinity are numbers to typeof, which would read 'Expected number, received number'.
  if (typeof input === 'number' && !Number.isFinite(input)) return String(input);
  return typeof input;
}

/**
 * The `error` option that words type failures as spec section 5 does: 'Required' when the
 * value is missing, otherwise 'Expected X, received Y'. Other issues keep their own message.
 */
export function typeError(expected: string): { error: z.core.$ZodErrorMap } {
  return {
    error: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      if (issue.input === undefined) return 'Required';
      return `Expected ${expected}, received ${describeInput(issue.input)}`;
    },
  };
}

/** A wrong choice names the allowed values; a non-string is a type error like any other field's. */
function choiceError(values: readonly string[]): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.input === undefined) return 'Required';
    if (typeof issue.input !== 'string') return `Expected string, received ${describeInput(issue.input)}`;
    return `Invalid option: expected one of ${values.map((value) => `'${value}'`).join(' | ')}`;
  };
}

/**
 * Accepts the value missing, `undefined` or `null` and answers `fallback` for all three.
 * Every parse shares the same fallback, so pass primitives only.
 */
export function answerOr<T extends z.ZodType, F>(schema: T, fallback: F) {
  return schema.nullish().transform((value) => value ?? fallback);
}

export function optionalAnswer<T extends z.ZodType>(schema: T) {
  return answerOr(schema, null);
}

/**
 * Answers of a step or of the roof. An unknown key is refused and named: a misspelt field must
 * not pass as 'not answered'.
 */
export function answersObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const typeMessage = typeError('object').error;
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? fieldTexts.unknownFields(issue.keys) : typeMessage(issue)),
  });
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return optionalAnswer(z.enum(values, { error: choiceError(values) }));
}

export function requiredBoolean() {
  return z.boolean(typeError('boolean'));
}

export function optionalBoolean() {
  return optionalAnswer(requiredBoolean());
}

function textAnswer() {
  return (
    z
      .string(typeError('string'))
      // Cannot fail; kept so the rule reads as spec section 5 states it.
      .min(0, 'Value must be at least 0 characters long.')
      .max(questionnaireLimits.textMaxLength, 'Value cannot exceed 10000 characters.')
      .refine(isSafeSingleLine, fieldTexts.forbiddenCharacters)
  );
}

export function optionalText() {
  return optionalAnswer(textAnswer());
}

/** Zod's number already refuses NaN and ±Infinity, so every number that passes is finite. */
function finiteNumber() {
  return z.number(typeError('number'));
}

const integerMessage = 'Expected integer, received float';

export function optionalNumber() {
  return optionalAnswer(
    finiteNumber()
      .min(questionnaireLimits.numberMin, 'Value must be at least 0.')
      .max(questionnaireLimits.numberMax, 'Value cannot exceed 10000.'),
  );
}

/** How a year rule words its refusals: the building's in the spec's English, the others in German. */
interface YearMessages {
  min: number;
  tooEarly: (maximum: number) => string;
  tooLate: (maximum: number) => string;
}

const buildingYear: YearMessages = {
  min: questionnaireLimits.constructionYearMin,
  tooEarly: () => 'Year must be at least 1300.',
  tooLate: (maximum) => `Year cannot exceed ${maximum}.`,
};

const componentYear: YearMessages = {
  min: questionnaireLimits.componentYearMin,
  tooEarly: (maximum) => fieldTexts.yearOutOfRange(questionnaireLimits.componentYearMin, maximum),
  tooLate: (maximum) => fieldTexts.yearOutOfRange(questionnaireLimits.componentYearMin, maximum),
};

/**
 * The one year rule: from `min` to the current year, whole. The upper bound moves every New Year,
 * so it is read at validation time, never at module load.
 */
function plausibleYear(messages: YearMessages) {
  return finiteNumber()
    .check((payload) => {
      const maximum = currentYearInAustria();
      if (payload.value < messages.min) {
        payload.issues.push({ code: 'too_small', origin: 'number', minimum: messages.min, inclusive: true, input: payload.value, message: messages.tooEarly(maximum) });
        return;
      }
      if (payload.value <= maximum) return;
      payload.issues.push({ code: 'too_big', origin: 'number', maximum, inclusive: true, input: payload.value, message: messages.tooLate(maximum) });
    })
    .refine(Number.isInteger, integerMessage);
}

export function optionalConstructionYear() {
  return optionalAnswer(plausibleYear(buildingYear));
}

/** A year of the windows: the building's rule, from 1800. */
export function optionalYear() {
  return optionalAnswer(plausibleYear(componentYear));
}

/**
 * A year the owner may only roughly know ('um 1990'): free text, but a text that is a bare number
 * is a year and must pass the year rule, so '3' or '3025' is refused like a window year.
 */
export function optionalYearText() {
  const year = plausibleYear(componentYear);
  return optionalAnswer(
    textAnswer().superRefine((text, context) => {
      const trimmed = text.trim();
      if (!/^\d+$/.test(trimmed)) return;
      const judged = year.safeParse(Number(trimmed));
      if (!judged.success) context.addIssue({ code: 'custom', message: judged.error.issues[0]?.message ?? '' });
    }),
  );
}

/** Katastralgemeinde numbers are whole five-digit codes; hence the leading zero in the message. */
export function optionalKatastral() {
  return optionalAnswer(
    finiteNumber()
      .min(questionnaireLimits.katastralMin, 'Value must be at least 01002.')
      .max(questionnaireLimits.katastralMax, 'Value cannot exceed 92129.')
      .refine(Number.isInteger, integerMessage),
  );
}

/**
 * The questions of a step answered 'Weiß ich nicht' (catalogue.ts): only those that allow it, each
 * once. Missing or null reads as none, so older records and forms without the list still parse.
 */
export function unknownList<const T extends readonly [string, ...string[]]>(keys: T) {
  return z
    .array(z.enum(keys, { error: choiceError(keys) }), typeError('array'))
    .nullish()
    .transform((listed) => [...new Set(listed ?? [])]);
}

/** The questions of a step whose unusual value the client confirmed ('Ja, stimmt so', plausibility.ts). */
export function confirmedList<const T extends readonly [string, ...string[]]>(keys: T) {
  return z
    .array(z.enum(keys, { error: choiceError(keys) }), typeError('array'))
    .nullish()
    .transform((listed) => [...new Set(listed ?? [])]);
}
