import { de } from '../i18n/de';

/** What react-hook-form needs of a domain zod schema to check one field. */
interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * A react-hook-form `validate` rule from a field schema of `@bauakte/domain`, so forms show the
 * same German messages the server would answer with.
 */
export function schemaRule(schema: FieldSchema) {
  return (value: unknown): true | string => {
    const result = schema.safeParse(value);
    if (result.success) return true;
    return result.error.issues[0]?.message ?? de.forms.required;
  };
}

/** The confirmation field's rule: it must repeat the password exactly (spec section 5). */
export function mustMatch(value: string, password: string): true | string {
  return value === password || de.forms.passwordMismatch;
}
