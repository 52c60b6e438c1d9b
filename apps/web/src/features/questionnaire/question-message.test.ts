import { describe, expect, it } from 'vitest';
import { questionMessage } from './question-message';

describe('questionMessage', () => {
  it('asks in German for a missing answer and keeps range messages verbatim', () => {
    expect(questionMessage('Required')).toBe('Bitte beantworten Sie diese Frage.');
    expect(questionMessage('Expected boolean, received null')).toBe('Bitte beantworten Sie diese Frage.');
    expect(questionMessage('Year must be at least 1300.')).toBe('Year must be at least 1300.');
    expect(questionMessage('Expected integer, received float')).toBe('Expected integer, received float');
    expect(questionMessage(undefined)).toBeUndefined();
  });
});
