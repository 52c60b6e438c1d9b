import type { QuestionnaireStep } from './progress';
import type { QuestionKey } from './question-labels';

/**
 * The questions a step cannot be saved without; the forms mark them with '*'. Spec section 5 makes
 * isDifferentWindows and isRollerBlindHousing required booleans — the latter only while the windows
 * are alike, as with different windows it is not asked (section 2). Every other question may stay
 * open and be answered later.
 */
export const requiredQuestions: Readonly<Record<QuestionnaireStep, readonly QuestionKey[]>> = {
  general: [],
  storeys: [],
  windows: ['isDifferentWindows', 'isRollerBlindHousing'],
  heating: [],
};
