import { describe, expect, it } from 'vitest';
import { fieldTexts } from '@bauakte/domain/texts';
import { currentYearInAustria } from '@bauakte/domain/labels';
import { questionMessage } from './question-message';

describe('questionMessage', () => {
  it('asks in German for a missing answer', () => {
    expect(questionMessage('Required')).toBe('Bitte beantworten Sie diese Frage.');
    expect(questionMessage('Expected boolean, received null')).toBe('Bitte beantworten Sie diese Frage.');
    expect(questionMessage(undefined)).toBeUndefined();
  });

  it("words the schema's English range and type messages in German, with the limit", () => {
    expect(questionMessage('Year cannot exceed 2026.')).toBe('Das Baujahr darf nicht nach 2026 liegen.');
    expect(questionMessage('Year must be at least 1300.')).toBe('Das Baujahr darf nicht vor 1300 liegen.');
    expect(questionMessage('Value cannot exceed 10000.')).toBe('Der Wert darf nicht größer als 10000 sein.');
    expect(questionMessage('Value must be at least 0.')).toBe('Der Wert darf nicht kleiner als 0 sein.');
    expect(questionMessage('Value cannot exceed 10000 characters.')).toBe('Der Text darf höchstens 10000 Zeichen lang sein.');
    expect(questionMessage('Expected integer, received float')).toBe('Bitte geben Sie eine ganze Zahl ein.');
    expect(questionMessage("Invalid option: expected one of 'WOOD' | 'PLASTIC'")).toBe('Bitte wählen Sie eine der angebotenen Antworten.');
  });

  it('keeps German domain messages and never shows an unknown English one', () => {
    expect(questionMessage(fieldTexts.forbiddenCharacters)).toBe(fieldTexts.forbiddenCharacters);
    const windowYears = `Bitte geben Sie ein Jahr von 1800 bis ${currentYearInAustria()} an.`;
    expect(questionMessage(windowYears)).toBe(windowYears);
    expect(questionMessage('Expected string, received number')).toBe('Diese Antwort ist ungültig. Bitte prüfen Sie Ihre Eingabe.');
  });
});
