import { z } from 'zod';
import type { PersonName } from './people';

// Apart from people.ts, whose name helpers the web app's shell uses at every start without zod.
export const personNameSchema: z.ZodType<PersonName> = z.object({ username: z.string(), firstName: z.string(), lastName: z.string() });
