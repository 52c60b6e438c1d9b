import { participantName, type PinKind, type PinStatus } from '@bauakte/domain/labels';
import { calendarDayText } from '../../../lib/date-time';
import { de } from '../../../i18n/de';

const p = de.pins;

interface ItemFactsLineProps {
  status: PinStatus;
  kind: PinKind;
  dueDate: string | null;
  overdue: boolean;
  /** Named where the list holds others' items too; left out where every item is the reader's own. */
  responsible?: Parameters<typeof participantName>[0] | null;
}

/**
 * An item's status, kind, responsible person and due date as one line of phrasing content, for a
 * list entry that is itself a button or link (the viewer's own entry uses PinItemFacts, a list of terms).
 */
export function ItemFactsLine({ status, kind, dueDate, overdue, responsible }: ItemFactsLineProps) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      <span className="font-semibold">{p.statusLabels[status]}</span>
      <span>{p.kindLabels[kind]}</span>
      {responsible === undefined ? null : (
        <span>
          {p.responsible}: {responsible ? participantName(responsible) : p.nobody}
        </span>
      )}
      {dueDate ? (
        <span className={overdue ? 'font-semibold text-destructive' : undefined}>
          {p.dueDate}: {calendarDayText(dueDate)}
          {overdue ? ` (${p.overdue})` : null}
        </span>
      ) : null}
    </span>
  );
}
