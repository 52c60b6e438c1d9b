import { fieldLabel, formatAnswer } from '@bauakte/domain/labels';
import { de } from '../i18n/de';
import { dateTimeText } from './date-time';

const fieldName = (path: string) => path.split('.').at(-1) ?? path;

/** The question a changed field belongs to, e.g. 'roof.roofType' → 'Dachform' (the PDF export says the same). */
export function changedFieldLabel(path: string): string {
  const label = fieldLabel(path);
  return label === fieldName(path) ? de.projectOverview.otherField(path) : label;
}

/** An answer as a person reads it: choices by their German label, yes/no, '–' for no answer. */
export function answerText(path: string, value: unknown): string {
  const text = formatAnswer(path, value);
  if (text !== null) return text;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return de.projectOverview.noAnswer;
}

/** When a change was saved, in Austrian date and time. */
export const changedAtText = dateTimeText;

/** A pin's comment as the change log shows it: one line, at most 80 characters. */
export function shortComment(comment: string, max = 80): string {
  const line = comment.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
