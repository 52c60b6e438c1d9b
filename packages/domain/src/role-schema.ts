import { z } from 'zod';
import { roles } from './roles';

/**
 * Apart from the role names: a page that needs only those (the capability table of the first
 * screen) does not load zod with them.
 */
export const roleSchema = z.enum(roles);
