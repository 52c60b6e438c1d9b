import { onFirstUse } from '../first-use';
import { viennaClock } from '../vienna-clock';

/** Limits of spec sections 5 and 9, exported so forms can set matching input attributes. */
export const questionnaireLimits = {
  textMaxLength: 10000,
  numberMin: 0,
  numberMax: 10000,
  constructionYearMin: 1300,
  /** Windows and heating older than this are not a plausible answer, and refused. */
  componentYearMin: 1800,
  katastralMin: 1002,
  katastralMax: 92129,
} as const;

const yearInAustria = onFirstUse(() => new Intl.DateTimeFormat('en', { timeZone: 'Europe/Vienna', year: 'numeric' }));

/**
 * The calendar year in Austria, where the users live: a server running in UTC would otherwise
 * refuse the new year for the first hour of 1 January. Read off Vienna's clock without Intl, which
 * would load the zone's data during the questionnaire's first render; Intl only for the years
 * before the clock's.
 */
export function currentYearInAustria(now: Date = new Date()): number {
  const clock = viennaClock(now);
  return Number(clock ? clock.year : yearInAustria().format(now));
}
