import { describe, expect, it } from 'vitest';
import { isLastStep, pathAfter, stepNumber } from './questionnaire-steps';

describe('questionnaire steps', () => {
  it('go general → storeys → windows → heating → the role’s dashboard', () => {
    expect(pathAfter('general', ['CLIENT'])).toBe('/storeys');
    expect(pathAfter('storeys', ['CLIENT'])).toBe('/windows');
    expect(pathAfter('windows', ['ARCHI'])).toBe('/heating');
    expect(pathAfter('heating', ['CLIENT'])).toBe('/dashboardClient');
    expect(pathAfter('heating', ['ARCHI'])).toBe('/dashboard');
  });

  it('number the steps from 1 and know the last', () => {
    expect(stepNumber('general')).toBe(1);
    expect(stepNumber('heating')).toBe(4);
    expect(isLastStep('windows')).toBe(false);
    expect(isLastStep('heating')).toBe(true);
  });
});
