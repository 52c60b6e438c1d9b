import { projectAddressSchema, type UpdateProjectRequest, type Project } from '@bauakte/domain';
import { schemaRule } from '../../lib/field-rules';

/** The project form as the inputs hold it: every field text, the Katastralgemeinde a number input's text. */
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
  const { katastral, ...address } = project.address;
  return {
    name: project.name,
    assignedUser: project.assignedUser ?? '',
    description: project.description,
    address: { ...address, katastral: katastral === null ? '' : String(katastral) },
  };
}

/** An empty input means no Katastralgemeinde; anything else goes to the schema as a number. */
export function katastralOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** 1002–92129, whole, with the schema's own messages ('Value must be at least 01002.' …). */
export const katastralRule = (text: string) => schemaRule(projectAddressSchema.shape.katastral)(katastralOf(text));

export function toProjectRequest(values: ProjectFormValues): UpdateProjectRequest {
  return {
    name: values.name.trim(),
    description: values.description,
    address: { ...values.address, katastral: katastralOf(values.address.katastral) },
  };
}
