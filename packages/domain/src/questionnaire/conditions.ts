import { hasValue, questionValue, unknownAnswers } from './catalogue';
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

/**
 * A step's answers with every hidden question unanswered (null), as a save stores them; a hidden
 * question is not 'Weiß ich nicht' either.
 */
export function withoutHiddenAnswers<T>(step: QuestionnaireStep, answers: T): T {
  const hidden = hiddenQuestions(step, answers);
  if (hidden.length === 0) return answers;
  const listed = isAnswers(answers) && Array.isArray(answers.unknown) ? { unknown: unknownAnswers(answers).filter((key) => !hidden.includes(key)) } : {};
  return { ...answers, ...Object.fromEntries(hidden.map((key) => [key, null])), ...listed };
}

/**
 * A step's answers as a save stores them: hidden questions cleared, and 'Weiß ich nicht' kept only
 * for questions without an answer — a value given later wins over the earlier 'Weiß ich nicht',
 * so a save that sends only the value (as older clients do) is not undone by the stored list.
 */
export function settledAnswers<T>(step: QuestionnaireStep, answers: T): T {
  const visible = withoutHiddenAnswers(step, answers);
  if (!isAnswers(visible) || !('unknown' in visible)) return visible;
  const unknown = unknownAnswers(visible).filter((key) => !hasValue(questionValue(visible, key)));
  // Without any, the list is left out: the step reads as it did before 'Weiß ich nicht' existed.
  if (unknown.length > 0) return { ...visible, unknown };
  const { unknown: _none, ...rest } = visible;
  return rest as T;
}
