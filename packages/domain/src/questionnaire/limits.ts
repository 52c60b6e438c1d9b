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

/** Austria's offset from UTC in winter (CET), the season every year turns in. */
const winterOffsetMs = 60 * 60 * 1000;

/**
 * The calendar year in Austria, where the users live: a server running in UTC would otherwise
 * refuse the new year for the first hour of 1 January. The year turns in winter, on UTC+1 (summer
 * time never reaches it), so the offset is fixed: a time zone through Intl would load the zone's
 * data during the questionnaire's first render.
 */
export function currentYearInAustria(now: Date = new Date()): number {
  return new Date(now.getTime() + winterOffsetMs).getUTCFullYear();
}
