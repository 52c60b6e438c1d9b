import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { isProjectUnavailable, questionMessage, saveFailureText, serverFieldIssues } from './questionnaire-errors';

describe('questionMessage', () => {
  it('asks in German for a missing answer and keeps range messages verbatim', () => {
    expect(questionMessage('Required')).toBe('Bitte beantworten Sie diese Frage.');
    expect(questionMessage('Expected boolean, received null')).toBe('Bitte beantworten Sie diese Frage.');
    expect(questionMessage('Year must be at least 1300.')).toBe('Year must be at least 1300.');
    expect(questionMessage('Expected integer, received float')).toBe('Expected integer, received float');
    expect(questionMessage(undefined)).toBeUndefined();
  });
});

describe('saveFailureText', () => {
  it('words each failure in German', () => {
    expect(saveFailureText(new ApiError(400, 'Die Eingaben sind ungültig.', 'VALIDATION_FAILED'))).toBe(
      'Speichern fehlgeschlagen. Bitte prüfen Sie Ihre Eingaben.',
    );
    expect(saveFailureText(new NetworkError(new TypeError('Failed to fetch')))).toMatch(/Internetverbindung/);
    expect(saveFailureText(new ApiError(404, 'Nicht gefunden.', 'NOT_FOUND'))).toBe(
      'Speichern fehlgeschlagen. Dieses Projekt wurde nicht gefunden oder Sie haben keinen Zugriff darauf.',
    );
    expect(saveFailureText(new ApiError(500, 'Ein interner Fehler ist aufgetreten.', 'INTERNAL_ERROR'))).toBe(
      'Speichern fehlgeschlagen. Ein interner Fehler ist aufgetreten.',
    );
  });
});

describe('isProjectUnavailable', () => {
  it('is a 404 or an id the server cannot read, not a server failure', () => {
    expect(isProjectUnavailable(new ApiError(404, undefined, 'NOT_FOUND'))).toBe(true);
    expect(isProjectUnavailable(new ApiError(400, undefined, 'VALIDATION_FAILED'))).toBe(true);
    expect(isProjectUnavailable(new ApiError(500, undefined, undefined))).toBe(false);
    expect(isProjectUnavailable(new NetworkError('offline'))).toBe(false);
  });
});

describe('serverFieldIssues', () => {
  it("turns the server's body paths into form paths when the error carries them", () => {
    const error = new ApiError(400, 'Die Eingaben sind ungültig.', 'VALIDATION_FAILED', [
      { path: 'body/roof/roofType', message: 'Invalid option' },
      { path: 'body/constructionYear', message: 'Year must be at least 1300.' },
      { path: 'body', message: 'Expected object, received null' },
    ]);
    expect(serverFieldIssues(error)).toEqual([
      { field: 'roof.roofType', message: 'Invalid option' },
      { field: 'constructionYear', message: 'Year must be at least 1300.' },
    ]);
  });

  it('finds none on other errors or without issues', () => {
    expect(serverFieldIssues(new ApiError(400, undefined, 'VALIDATION_FAILED'))).toEqual([]);
    expect(serverFieldIssues(new ApiError(404, undefined, undefined, [{ path: 'body/x', message: 'm' }]))).toEqual([]);
    expect(serverFieldIssues(new NetworkError('offline'))).toEqual([]);
  });
});
