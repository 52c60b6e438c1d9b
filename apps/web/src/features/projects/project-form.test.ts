import { describe, expect, it } from 'vitest';
import type { Project } from '@bauakte/domain/schemas';
import { projectFormSchema, projectFormValues } from './project-form';

const project: Project = {
  id: 7,
  name: 'Sanierung Annenstraße',
  description: '',
  assignedUser: null,
  creationName: 'mara',
  progress: 0,
  status: 'NEW',
  address: { street: 'Annenstraße', number: '12', city: 'Graz', katastral: 63101, postalCode: '8020', country: 'Österreich' },
};

describe('the project form', () => {
  it("starts from the project's request fields only, whatever else the stored project carries", async () => {
    const stored = { ...project, address: { ...project.address, lat: 47.07 } } as Project;
    const values = projectFormValues(stored);
    expect(values.address).toEqual({ street: 'Annenstraße', number: '12', city: 'Graz', katastral: '63101', postalCode: '8020', country: 'Österreich' });
    const parsed = await projectFormSchema.parseAsync(values);
    expect(parsed).toEqual({
      name: 'Sanierung Annenstraße',
      assignedUser: null,
      description: '',
      address: { street: 'Annenstraße', number: '12', city: 'Graz', katastral: 63101, postalCode: '8020', country: 'Österreich' },
    });
  });
});
