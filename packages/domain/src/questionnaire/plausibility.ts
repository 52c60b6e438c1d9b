import { questionValue } from './catalogue';
import type { QuestionKey } from './question-labels';
import type { QuestionnaireStep } from './steps';

// No imports of values beyond the catalogue: the answer sheet, which every logged-in page may show,
// reads this table, and it must not pull the schemas or the year's clock along.

/** The answers of the four steps as far as known (a step never saved is missing). */
type Answers = Partial<Record<QuestionnaireStep, unknown>>;

interface PlausibilityCheck {
  step: QuestionnaireStep;
  /** The question whose value is unusual: the warning stands beside it and the client confirms it there. */
  field: QuestionKey;
  /** The warning, a question to the client ('Sie' form). */
  warning: string;
  /** The other steps whose answers it compares with: a form must have them to judge. */
  reads: readonly QuestionnaireStep[];
  unusual(answers: Answers): boolean;
}

/** A year as a number: a number answer, or a text answer that is a bare year ('1990', not 'um 1990'). */
function yearOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{3,4}\s*$/.test(value)) return Number(value);
  return undefined;
}

const yearAt = (answers: Answers, step: QuestionnaireStep, key: QuestionKey) => yearOf(questionValue(answers[step], key));

/** Both years known and the first before the second. */
function before(first: number | undefined, second: number | undefined): boolean {
  return first !== undefined && second !== undefined && first < second;
}

/**
 * The year rule's earliest building year (limits.ts, whose test holds the two equal): not imported,
 * since limits.ts brings the year's clock, which the pages that only read answers do not need.
 */
export const earliestBuildingYear = 1300;

/** Before this year a building is possible (the year rule allows from 1300) but rare enough to ask. */
export const unusualBuildingYearBefore = 1800;

/**
 * Values that are possible but unusual: the one table the forms (a warning beside the field), the
 * server's save (refused until confirmed) and the architect's view (marked as confirmed) read.
 */
export const plausibilityChecks: readonly PlausibilityCheck[] = [
  {
    step: 'general',
    field: 'constructionYear',
    warning: `Das Gebäude wurde vor ${unusualBuildingYearBefore} gebaut – stimmt das?`,
    reads: [],
    // A year the year rule refuses gets its message, not this question as well.
    unusual: (answers) => before(earliestBuildingYear - 1, yearAt(answers, 'general', 'constructionYear')) && before(yearAt(answers, 'general', 'constructionYear'), unusualBuildingYearBefore),
  },
  {
    step: 'windows',
    field: 'windowConstructionYear',
    warning: 'Die Fenster sind älter als das Gebäude – stimmt das?',
    reads: ['general'],
    unusual: (answers) => before(yearAt(answers, 'windows', 'windowConstructionYear'), yearAt(answers, 'general', 'constructionYear')),
  },
  {
    step: 'heating',
    field: 'constructionYearHeating',
    warning: 'Die Heizung ist älter als das Gebäude – stimmt das?',
    reads: ['general'],
    unusual: (answers) => before(yearAt(answers, 'heating', 'constructionYearHeating'), yearAt(answers, 'general', 'constructionYear')),
  },
];

/** The questions of each step that may carry an unusual value the client confirms. */
export const confirmableQuestions = {
  general: ['constructionYear'],
  windows: ['windowConstructionYear'],
  heating: ['constructionYearHeating'],
} as const satisfies Partial<Record<QuestionnaireStep, readonly QuestionKey[]>>;

export interface UnusualValue {
  step: QuestionnaireStep;
  field: QuestionKey;
  warning: string;
}

/** The warnings the answers raise in a step (all steps without one). */
export function unusualValues(answers: Answers, step?: QuestionnaireStep): UnusualValue[] {
  return plausibilityChecks
    .filter((check) => (step === undefined || check.step === step) && check.unusual(answers))
    .map(({ step: at, field, warning }) => ({ step: at, field, warning }));
}

/** The questions a step's stored answers confirm as 'Ja, stimmt so'; older records confirm none. */
export function confirmedAnswers(answers: unknown): readonly QuestionKey[] {
  if (typeof answers !== 'object' || answers === null) return [];
  const listed = (answers as { confirmed?: unknown }).confirmed;
  return Array.isArray(listed) ? listed.filter((key): key is QuestionKey => typeof key === 'string') : [];
}

/** The unusual values of a step its answers do not confirm: a save with any of them is refused. */
export function unconfirmedValues(answers: Answers, step: QuestionnaireStep): UnusualValue[] {
  const confirmed = confirmedAnswers(answers[step]);
  return unusualValues(answers, step).filter((value) => !confirmed.includes(value.field));
}

/**
 * A step's answers with only the confirmations that still stand: a value no longer unusual needs
 * none, so a later unusual one is asked about again. Without any, the list is left out.
 */
export function withStandingConfirmations<T>(answers: Answers, step: QuestionnaireStep, stepAnswers: T): T {
  if (typeof stepAnswers !== 'object' || stepAnswers === null || !('confirmed' in stepAnswers)) return stepAnswers;
  const unusual = unusualValues({ ...answers, [step]: stepAnswers }, step).map((value) => value.field);
  const confirmed = confirmedAnswers(stepAnswers).filter((key) => unusual.includes(key));
  if (confirmed.length > 0) return { ...stepAnswers, confirmed: [...new Set(confirmed)] };
  const { confirmed: _none, ...rest } = stepAnswers as Record<string, unknown>;
  return rest as T;
}
