import { checkAustrianAddress, formatKatastral } from '@bauakte/domain/labels';
import { claimedUsernameSchema, projectAddressSchema, requestObject, singleLineString, updateProjectRequestSchema, type Project } from '@bauakte/domain/schemas';
import { schemaResolver } from '../../lib/form-messages';

/** The project form as the inputs hold it: every field text, the Katastralgemeinde five digits of text ('01004'). */
export interface ProjectFormValues {
  name: string;
  /** The customer's username; '' for none. Only creating a project assigns one. */
  assignedUser: string;
  description: string;
  address: {
    street: string;
    number: string;
    city: string;
    katastral: string;
    postalCode: string;
    country: string;
  };
}

export const emptyProjectForm: ProjectFormValues = {
  name: '',
  assignedUser: '',
  description: '',
  address: { street: '', number: '', city: '', katastral: '', postalCode: '', country: '' },
};

export function projectFormValues(project: Project): ProjectFormValues {
  const { street, number, city, katastral, postalCode, country } = project.address;
  return {
    name: project.name,
    assignedUser: project.assignedUser ?? '',
    description: project.description,
    address: { street, number, city, katastral: formatKatastral(katastral) ?? '', postalCode, country },
  };
}

/** An empty input means no Katastralgemeinde; anything else goes to the schema as a number. */
function katastralOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

const fields = updateProjectRequestSchema.shape;
const addressFields = projectAddressSchema.shape;

/**
 * The server's field rules with their messages (the Katastralgemeinde 1002–92129: 'Value must be at
 * least 01002.' …). The output holds the request's fields; each modal sends those its call takes.
 */
export const projectFormSchema = requestObject({
  name: fields.name,
  assignedUser: claimedUsernameSchema.transform((username) => username || null),
  description: fields.description,
  address: requestObject({
    street: addressFields.street,
    number: addressFields.number,
    city: addressFields.city,
    katastral: singleLineString()
      .transform((value): number | null | undefined => katastralOf(value))
      .pipe(addressFields.katastral),
    postalCode: addressFields.postalCode,
    country: addressFields.country,
  }).superRefine(checkAustrianAddress),
});

export const projectFormResolver = schemaResolver(projectFormSchema);

/** The form's values as the resolver takes them. */
export type ProjectFormInput = Parameters<typeof projectFormResolver>[0];

