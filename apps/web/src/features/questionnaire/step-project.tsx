import { createContext, useContext, type ReactNode } from 'react';

/**
 * The project a step page answers for, to what sits under its questions (photos, follow-ups); none
 * outside a step page, where nothing of the kind is offered.
 */
const StepProjectContext = createContext<string | null>(null);

export function StepProjectProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  return <StepProjectContext.Provider value={projectId}>{children}</StepProjectContext.Provider>;
}

export const useStepProject = (): string | null => useContext(StepProjectContext);
