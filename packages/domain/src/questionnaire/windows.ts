import type { z } from 'zod';
import { choice, optionalBoolean, optionalNumber, requiredBoolean, answersObject } from './rules';

export const typesOfGlass = [
  'SIMPLE',
  'DOUBLE_ISOLATION',
  'DOUBLE_HEAT_PROTECTION',
  'TRIPLE_HEAT_PROTECTION',
] as const;
export type TypeOfGlass = (typeof typesOfGlass)[number];

export const frameMaterials = ['WOOD', 'PLASTIC', 'ALUMINIUM'] as const;
export type FrameMaterial = (typeof frameMaterials)[number];

const windowQuestions = {
  windowConstructionYear: optionalNumber(),
  typeOfGlass: choice(typesOfGlass),
  frameMaterial: choice(frameMaterials),
  isRollerBlindHousing: optionalBoolean(),
};

type PayloadWithIssues = { issues: readonly { path?: readonly PropertyKey[] | undefined }[] };

/** Judge the pair only once both fields are valid, so other fields' errors do not hide this one. */
function bothFlagsValid(payload: PayloadWithIssues): boolean {
  return !payload.issues.some((issue) => {
    const field = issue.path?.[0];
    return field === 'isDifferentWindows' || field === 'isRollerBlindHousing';
  });
}

/**
 * Body of PUT /api/windows/{projectId}. isDifferentWindows is always required; with
 * different windows the architect gets in touch (spec section 2), so only then may
 * isRollerBlindHousing stay unanswered. The other answers are kept as sent.
 */
export const windowsSchema = answersObject({
  isDifferentWindows: requiredBoolean(),
  ...windowQuestions,
}).refine((answers) => answers.isDifferentWindows || answers.isRollerBlindHousing !== null, {
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
