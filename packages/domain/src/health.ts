import { z } from 'zod';

/**
 * GET /api/health: the process answers (liveness). It answers 200 while the process runs, also when
 * the database does not; `database` tells which, for people and older clients that read it.
 */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['ok', 'unavailable']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessCheckNames = ['database', 'migrations', 'storage'] as const;
export type ReadinessCheckName = (typeof readinessCheckNames)[number];
export const readinessCheckSchema = z.enum(['ok', 'failed']);

/** GET /api/ready: 200 when the instance can serve requests, 503 naming the failing checks. */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: z.literal('ok'), migrations: z.literal('ok'), storage: z.literal('ok') }),
});
export const notReadyResponseSchema = z.object({
  status: z.literal('not-ready'),
  message: z.string(),
  code: z.literal('SERVICE_UNAVAILABLE'),
  checks: z.object({ database: readinessCheckSchema, migrations: readinessCheckSchema, storage: readinessCheckSchema }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
export type NotReadyResponse = z.infer<typeof notReadyResponseSchema>;
