/** A positive whole number as text, or null: an id in a link's parameter is user input. */
export const idFrom = (value: string | null): string | null => (value !== null && /^[1-9]\d{0,15}$/.test(value) ? value : null);
