import type { QuestionKey } from './question-labels';
import type { QuestionnaireStep } from './steps';

/** A step's answers as stored, read by the conditions: any shape, since older records may lack keys. */
type Answers = Readonly<Record<string, unknown>>;

interface QuestionCondition {
  step: QuestionnaireStep;
  /** Top-level questions of the step that are not asked while `when` holds. */
  hides: readonly QuestionKey[];
  when: (answers: Answers) => boolean;
}

/**
 * Which questions follow from which answers: the one table the forms, the server's save, the
 * progress and both exports read. A hidden question is not asked, not counted, cleared on save and
 * never printed.
 */
export const questionConditions: readonly QuestionCondition[] = [
  {
    // With different windows the architect collects the details (spec section 2).
    step: 'windows',
    hides: ['windowConstructionYear', 'typeOfGlass', 'frameMaterial', 'isRollerBlindHousing'],
    when: (answers) => answers.isDifferentWindows === true,
  },
];

const isAnswers = (value: unknown): value is Answers => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The questions of a step its answers leave out, in the table's order. */
export function hiddenQuestions(step: QuestionnaireStep, answers: unknown): readonly QuestionKey[] {
  if (!isAnswers(answers)) return [];
  return questionConditions.filter((condition) => condition.step === step && condition.when(answers)).flatMap((condition) => condition.hides);
}

export function isQuestionHidden(step: QuestionnaireStep, key: QuestionKey, answers: unknown): boolean {
  return hiddenQuestions(step, answers).includes(key);
}

/** A step's answers with every hidden question unanswered (null), as a save stores them. */
export function withoutHiddenAnswers<T>(step: QuestionnaireStep, answers: T): T {
  const hidden = hiddenQuestions(step, answers);
  if (hidden.length === 0) return answers;
  return { ...answers, ...Object.fromEntries(hidden.map((key) => [key, null])) };
}
