import { onFirstUse } from './first-use';
import { viennaClock } from './vienna-clock';

/**
 * A pin is an open item both sides follow: its status, its kind, who is responsible and by when.
 * No zod here, so a page may show the labels at its first paint.
 */
export const pinStatuses = ['OFFEN', 'IN_BEARBEITUNG', 'ERLEDIGT'] as const;
export type PinStatus = (typeof pinStatuses)[number];

export const pinStatusLabels: Record<PinStatus, string> = {
  OFFEN: 'Offen',
  IN_BEARBEITUNG: 'In Bearbeitung',
  ERLEDIGT: 'Erledigt',
};

export const pinKinds = ['MANGEL', 'RUECKFRAGE', 'AENDERUNGSWUNSCH', 'INFORMATION'] as const;
export type PinKind = (typeof pinKinds)[number];

export const pinKindLabels: Record<PinKind, string> = {
  MANGEL: 'Mangel',
  RUECKFRAGE: 'Rückfrage',
  AENDERUNGSWUNSCH: 'Änderungswunsch',
  INFORMATION: 'Information',
};

/**
 * A pin placed without a kind is an 'Information': a remark on the plan, as every pin was before
 * items had kinds. 'Mangel' carries weight (a defect is a warranty matter), so only whoever chooses
 * it calls a spot a defect; a pin is never one by default.
 */
export const defaultPinKind: PinKind = 'INFORMATION';

/**
 * A pin and a reply each carry at most this many photos: enough for a spot from all sides, few
 * enough for a page of the report. Here, without zod, so the offline queue checks it too.
 */
export const itemPhotosMax = 10;

/** The list's status filter: one status, or every item not yet done ('Nicht erledigt'). */
export const openItemStatusFilters = [...pinStatuses, 'UNERLEDIGT'] as const;
export type OpenItemStatusFilter = (typeof openItemStatusFilters)[number];

const dayInAustria = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** Today's date in Austria as YYYY-MM-DD, the form due dates are kept in: a server in UTC would move the day at 1 or 2 a.m. */
export function todayInAustria(now: Date = new Date()): string {
  const clock = viennaClock(now);
  return clock ? `${clock.year}-${clock.month}-${clock.day}` : dayInAustria().format(now);
}

/** Overdue: not done, and its due date lies before today (due today is not yet overdue). */
export function isOverdue(item: { status: PinStatus; dueDate: string | null }, today: string): boolean {
  return item.status !== 'ERLEDIGT' && item.dueDate !== null && item.dueDate < today;
}

/** Whether a text is a date of the calendar written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A due date (YYYY-MM-DD) as German texts write it: 05.12.2026. */
export function dueDateText(dueDate: string): string {
  const [year, month, day] = dueDate.split('-');
  return `${day}.${month}.${year}`;
}

/** The calendar day after a date (YYYY-MM-DD), across months and years. */
export function dayAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
