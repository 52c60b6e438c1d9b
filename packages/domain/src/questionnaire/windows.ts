import type { z } from 'zod';
import { isQuestionHidden } from './conditions';
import { choice, optionalBoolean, optionalYear, requiredBoolean, answersObject, unknownList, confirmedList } from './rules';
import { unknownAllowedQuestions } from './catalogue';
import { confirmableQuestions } from './plausibility';
import { typesOfGlass, frameMaterials } from './answer-options';

const windowQuestions = {
  windowConstructionYear: optionalYear(),
  typeOfGlass: choice(typesOfGlass),
  frameMaterial: choice(frameMaterials),
  isRollerBlindHousing: optionalBoolean(),
  unknown: unknownList(unknownAllowedQuestions.windows),
  confirmed: confirmedList(confirmableQuestions.windows),
};

type PayloadWithIssues = { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] };

/**
 * Judge the pair only once both fields are valid, so other fields' errors do not hide this one —
 * and never when the body is no object at all (null, a list, text), which has no fields to judge.
 */
function bothFlagsValid(payload: PayloadWithIssues): boolean {
  if (typeof payload.value !== 'object' || payload.value === null || Array.isArray(payload.value)) return false;
  return !payload.issues.some((issue) => {
    const field = issue.path?.[0];
    return field === undefined || field === 'isDifferentWindows' || field === 'isRollerBlindHousing';
  });
}

/**
 * Body of PUT /api/windows/{projectId}. isDifferentWindows is always required; with
 * different windows the architect gets in touch (spec section 2), so only then may
 * isRollerBlindHousing stay unanswered. The other answers are kept as sent.
 */
const windowsAnswers = answersObject({
  isDifferentWindows: requiredBoolean(),
  ...windowQuestions,
});

/** The windows questions without the rule between the two flags: what a partial save may send. */
export const windowsPatchSchema = windowsAnswers.partial();

// 'Weiß ich nicht' answers the roller-blind question as well as Ja or Nein would.
export const windowsSchema = windowsAnswers.refine((answers) => answers.isRollerBlindHousing !== null || answers.unknown.includes('isRollerBlindHousing') || isQuestionHidden('windows', 'isRollerBlindHousing', answers), {
  path: ['isRollerBlindHousing'],
  error: 'Required',
  when: bothFlagsValid,
});
export type WindowsAnswers = z.output<typeof windowsSchema>;
export type WindowsAnswersInput = z.input<typeof windowsSchema>;

/**
 * GET /api/windows/{projectId} answers `{}` for a never-saved step, which the PUT schema
 * refuses for its required booleans; prefilling a form needs the lenient reading.
 */
export const windowsResponseSchema = answersObject({
  isDifferentWindows: optionalBoolean(),
  ...windowQuestions,
});
export type WindowsResponse = z.output<typeof windowsResponseSchema>;
