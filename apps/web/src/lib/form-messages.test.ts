import { describe, expect, it } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { germanFieldMessage, germanResolver } from './form-messages';

describe('germanFieldMessage', () => {
  it('names the empty field, by the last part of its path', () => {
    expect(germanFieldMessage('firstName', 'Bitte füllen Sie dieses Feld aus.')).toBe('Bitte geben Sie den Vornamen ein.');
    expect(germanFieldMessage('address.street', 'Required')).toBe('Bitte geben Sie die Straße ein.');
    expect(germanFieldMessage('address.postalCode', 'Invalid input: expected string, received undefined')).toBe('Bitte geben Sie die Postleitzahl ein.');
    expect(germanFieldMessage('storeys.0.country', 'Expected string, received null')).toBe('Bitte geben Sie das Land ein.');
  });

  it('keeps the generic German request for a field it has no name for', () => {
    expect(germanFieldMessage('somethingElse', 'Bitte füllen Sie dieses Feld aus.')).toBe('Bitte füllen Sie dieses Feld aus.');
  });

  it("puts the spec's English schema texts into German", () => {
    expect(germanFieldMessage('address.katastral', 'Value must be at least 01002.')).toBe('Der Wert darf nicht kleiner als 01002 sein.');
    expect(germanFieldMessage('address.katastral', 'Value cannot exceed 92129.')).toBe('Der Wert darf nicht größer als 92129 sein.');
    expect(germanFieldMessage('description', 'Value cannot exceed 10000 characters.')).toBe('Der Text darf höchstens 10000 Zeichen lang sein.');
    expect(germanFieldMessage('description', 'Value must be at least 0 characters long.')).toBe('Bitte geben Sie mindestens 0 Zeichen ein.');
    expect(germanFieldMessage('constructionYear', 'Year cannot exceed 2026.')).toBe('Das Baujahr darf nicht nach 2026 liegen.');
    expect(germanFieldMessage('constructionYear', 'Year must be at least 1300.')).toBe('Das Baujahr darf nicht vor 1300 liegen.');
    expect(germanFieldMessage('number', 'Expected number, received nan')).toBe('Bitte überprüfen Sie diese Eingabe.');
    expect(germanFieldMessage('email', 'Invalid email address')).toBe('Bitte überprüfen Sie diese Eingabe.');
  });

  it('leaves German texts as they are', () => {
    expect(germanFieldMessage('email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(germanFieldMessage('name', 'Höchstens 200 Zeichen.')).toBe('Höchstens 200 Zeichen.');
  });
});

describe('germanResolver', () => {
  it('rewrites nested field messages and keeps values and other error properties', async () => {
    type Values = { firstName: string; address: { city: string; katastral: string } };
    const english: Resolver<Values> = () => ({
      values: {},
      errors: {
        firstName: { type: 'too_small', message: 'Bitte füllen Sie dieses Feld aus.' },
        address: { city: { type: 'invalid_type', message: 'Required' }, katastral: { type: 'too_big', message: 'Value cannot exceed 92129.' } },
      },
    });
    const values = { firstName: '', address: { city: '', katastral: '99999' } };
    const result = await germanResolver(english)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({
      firstName: { type: 'too_small', message: 'Bitte geben Sie den Vornamen ein.' },
      address: { city: { type: 'invalid_type', message: 'Bitte geben Sie den Ort ein.' }, katastral: { type: 'too_big', message: 'Der Wert darf nicht größer als 92129 sein.' } },
    });
  });

  it('passes a valid result through unchanged', async () => {
    const valid: Resolver<{ name: string }> = (values) => ({ values, errors: {} });
    expect(await germanResolver(valid)({ name: 'Haus' }, undefined, { fields: {}, shouldUseNativeValidation: false })).toEqual({ values: { name: 'Haus' }, errors: {} });
  });
});
