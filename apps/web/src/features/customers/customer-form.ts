import type { CreateCustomerRequest } from '@bauakte/domain';

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

/** The request of POST /api/ClientManagment; the numeric house number goes as a number. */
export function toCreateCustomerRequest(values: CustomerFormValues, creationName: string): CreateCustomerRequest {
  const number = values.address.number.trim();
  return {
    username: values.username.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    creationName,
    address: { ...values.address, number: number === '' ? '' : Number(number) },
  };
}
