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

/**
 * The operator details of /datenschutz (DSGVO Art. 13): the controller is the Impressum's operator;
 * data-protection enquiries go to contactEmail; hosting says where the portal runs.
 */
export const privacyNoticeSchema = z.object({
  controller: impressumSchema.pick({ company: true, street: true, postalCode: true, city: true, country: true, email: true, phone: true }),
  contactEmail: z.string(),
  hosting: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;
