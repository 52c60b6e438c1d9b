import type { QuestionnaireStep } from './steps';
import type { QuestionKey } from './question-labels';

/**
 * The questions a step cannot be saved without; the forms mark them with '*'. Spec section 5 makes
 * isDifferentWindows and isRollerBlindHousing required booleans — the latter only while it is asked:
 * with different windows the conditions (conditions.ts) hide it (section 2). Every other question may stay
 * open and be answered later.
 */
export const requiredQuestions: Readonly<Record<QuestionnaireStep, readonly QuestionKey[]>> = {
  general: [],
  storeys: [],
  windows: ['isDifferentWindows', 'isRollerBlindHousing'],
  heating: [],
};
