import { createCustomerRequestSchema, customerAddressSchema, requestObject, type CreateCustomerRequest } from '@bauakte/domain';

/** The create-customer form as its inputs hold it; the house number is a number input's text. */
export interface CustomerFormValues {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  address: { street: string; number: string; city: string; country: string; postalCode: string };
}

export const emptyCustomerForm: CustomerFormValues = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  address: { street: '', number: '', city: '', country: '', postalCode: '' },
};

const fields = createCustomerRequestSchema.shape;

/**
 * The server's own field rules (same German messages); the output is the POST /api/ClientManagment
 * payload but for creationName, which is the caller. The numeric house number goes as a number.
 */
export const customerFormSchema = requestObject({
  username: fields.username,
  firstName: fields.firstName,
  lastName: fields.lastName,
  email: fields.email,
  address: customerAddressSchema,
}).transform(({ address, ...person }): Omit<CreateCustomerRequest, 'creationName'> => ({
  ...person,
  address: { ...address, number: address.number === '' ? '' : Number(address.number) },
}));
