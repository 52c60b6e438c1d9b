import { participantName, type PinKind } from '@bauakte/domain/labels';
import { de } from '../i18n/de';
import { calendarDayText } from './date-time';

/** An item's kind, responsible person and due date as chosen ('Zuordnen'). */
export interface ItemChoice {
  itemKind: PinKind;
  responsible: { username: string; firstName: string; lastName: string } | null;
  dueDate: string | null;
}

/**
 * The assignment in a line, for a change that waits on the device: in the header's list of waiting
 * changes and on the pin when it was refused.
 */
export function itemChoiceText({ itemKind, responsible, dueDate }: ItemChoice): string {
  return de.pins.itemChoice(de.pins.kindLabels[itemKind], responsible ? participantName(responsible) : de.pins.nobody, dueDate ? calendarDayText(dueDate) : null);
}
