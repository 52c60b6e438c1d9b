import { z } from 'zod';

/** The body of every error answer (docs/architecture.md, 'Errors'). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
