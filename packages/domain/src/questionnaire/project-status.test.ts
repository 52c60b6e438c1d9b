import { describe, expect, it } from 'vitest';
import { computeProgress } from './progress';
import { projectStatusSchema } from '../projects';
import { projectStatusFromProgress, projectStatusLabels, projectStatuses } from './project-status';

describe('projectStatusFromProgress', () => {
  it.each([
    [0, 'NEW'],
    [1, 'IN_PROGRESS'],
    [50, 'IN_PROGRESS'],
    [99, 'IN_PROGRESS'],
    [100, 'COMPLETE'],
  ] as const)('maps %i %% to %s', (progress, status) => {
    expect(projectStatusFromProgress(progress)).toBe(status);
  });

  it('treats an unreadable progress as nothing answered', () => {
    expect(projectStatusFromProgress(Number.NaN)).toBe('NEW');
  });

  it('starts every project as NEW', () => {
    expect(projectStatusFromProgress(computeProgress({}))).toBe('NEW');
  });
});

describe('project statuses', () => {
  it('have German labels', () => {
    expect(projectStatuses.map((status) => projectStatusLabels[status])).toEqual([
      'Neu',
      'In Bearbeitung',
      'Vollständig',
    ]);
  });

  it('parse only the three values', () => {
    expect(projectStatusSchema.safeParse('COMPLETE').success).toBe(true);
    expect(projectStatusSchema.safeParse('DONE').success).toBe(false);
  });
});
