export const projectStatuses = ['NEW', 'IN_PROGRESS', 'COMPLETE'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectStatusLabels: Record<ProjectStatus, string> = {
  NEW: 'Neu',
  IN_PROGRESS: 'In Bearbeitung',
  COMPLETE: 'Vollständig',
};

/** Derived from the questionnaire progress so the status can never disagree with the progress bar. */
export function projectStatusFromProgress(progress: number): ProjectStatus {
  if (progress >= 100) return 'COMPLETE';
  if (progress > 0) return 'IN_PROGRESS';
  // Also NaN: a progress that cannot be read is treated as nothing answered yet.
  return 'NEW';
}
