import { z } from 'zod';

/** Operator details shown on /impressum (ECG § 5, UGB § 14, MedienG § 25). */
export const impressumSchema = z.object({
  company: z.string(),
  legalForm: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  registerNumber: z.string(),
  registerCourt: z.string(),
  vatId: z.string(),
  managingDirector: z.string(),
  businessPurpose: z.string(),
  chamber: z.string(),
});
export type Impressum = z.infer<typeof impressumSchema>;
