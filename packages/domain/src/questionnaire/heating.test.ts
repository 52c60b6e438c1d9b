import { describe, expect, it } from 'vitest';
import { heatingSchema } from './heating';
import { invalidOption, issuesOf, messagesAt } from './test-helpers';
import { currentYearInAustria } from './limits';
import { fuelTypes, heatEmissions, heatProducers, hotWaterProductions, temperatureRegulations } from './answer-options';

describe('heatingSchema', () => {
  it('parses the {} of a never-saved step, with every question null', () => {
    expect(heatingSchema.parse({})).toEqual({
      unknown: [],
      confirmed: [],
      heatProducer: null,
      fuelType: null,
      constructionYearHeating: null,
      hotWaterProduction: null,
      heatEmission: null,
      temperatureRegulation: null,
    });
  });

  const choices = [
    ['heatProducer', heatProducers],
    ['fuelType', fuelTypes],
    ['hotWaterProduction', hotWaterProductions],
    ['heatEmission', heatEmissions],
    ['temperatureRegulation', temperatureRegulations],
  ] as const;

  describe.each(choices)('%s', (field, values) => {
    it.each([...values])('accepts %s', (value) => {
      expect(heatingSchema.parse({ [field]: value })[field]).toBe(value);
    });

    it('refuses a value outside the choice', () => {
      expect(issuesOf(heatingSchema, { [field]: 'COAL' })).toEqual([{ path: field, message: invalidOption(values) }]);
    });
  });

  describe('constructionYearHeating', () => {
    const messages = (value: unknown) =>
      messagesAt(heatingSchema, { constructionYearHeating: value }, 'constructionYearHeating');

    it('accepts 0 to 10000 characters', () => {
      expect(messages('')).toEqual([]);
      expect(messages('ca. 1990')).toEqual([]);
      expect(messages('x'.repeat(10000))).toEqual([]);
    });

    it('refuses 10001 characters with the spec message', () => {
      expect(messages('x'.repeat(10001))).toEqual(['Value cannot exceed 10000 characters.']);
    });

    it('refuses a number, since it is a text field', () => {
      expect(messages(1990)).toEqual(['Expected string, received number']);
    });

    it('refuses a bare number that is no plausible year, with a German message', () => {
      const refusal = `Bitte geben Sie ein Jahr von 1800 bis ${currentYearInAustria()} an.`;
      expect(messages('3')).toEqual([refusal]);
      expect(messages(' 3025 ')).toEqual([refusal]);
      expect(messages('1799')).toEqual([refusal]);
      expect(messages('1800')).toEqual([]);
      expect(messages(String(currentYearInAustria()))).toEqual([]);
      expect(messages('um 1990')).toEqual([]);
    });

    it('keeps the text as written', () => {
      expect(heatingSchema.parse({ constructionYearHeating: ' 1990 ' }).constructionYearHeating).toBe(' 1990 ');
    });
  });
  it('refuses control characters in text answers', () => {
    expect(messagesAt(heatingSchema, { constructionYearHeating: 'um 1990\u0000' }, 'constructionYearHeating')).toEqual([
      'Der Text enthält unzulässige Zeichen (z. B. Steuerzeichen).',
    ]);
  });
});
