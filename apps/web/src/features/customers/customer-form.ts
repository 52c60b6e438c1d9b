import { createCustomerRequestSchema, customerAddressSchema, requestObject } from '@bauakte/domain/schemas';

/** The create-customer form as its inputs hold it; every field, the house number too, is text. */
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
 * payload but for creationName, which is the caller. The house number goes as the text typed ('12/3/5').
 */
export const customerFormSchema = requestObject({
  username: fields.username,
  firstName: fields.firstName,
  lastName: fields.lastName,
  email: fields.email,
  address: customerAddressSchema,
});
