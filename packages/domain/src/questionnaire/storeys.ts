import type { z } from 'zod';
import { answerOr, choice, optionalBoolean, requiredBoolean, answersObject, unknownList } from './rules';
import { unknownAllowedQuestions } from './catalogue';
import { numberOfStoreysOptions } from './storey-counts';
import { roofTypes } from './answer-options';

const roofSchema = answersObject({
  roofType: choice(roofTypes),
  // The spec's roof flags default to false, so an untouched attic question reads "not heated".
  isAtticHeated: answerOr(requiredBoolean(), false),
});

/** Body of PUT /api/storeys/{projectId}. */
export const storeysSchema = answersObject({
  // A missing roof still yields the roof defaults, so readers never have to guard against it.
  roof: roofSchema.nullish().transform((roof) => roof ?? roofSchema.parse({})),
  numberOfStoreys: choice(numberOfStoreysOptions),
  isBasementHeated: optionalBoolean(),
  isRenovated: optionalBoolean(),
  unknown: unknownList(unknownAllowedQuestions.storeys),
});
export type StoreysAnswers = z.output<typeof storeysSchema>;

/** What a partial save may send: any of the questions, the roof's too. */
export const storeysPatchSchema = storeysSchema.extend({ roof: roofSchema.partial().nullish() }).partial();
export type StoreysAnswersInput = z.input<typeof storeysSchema>;
