import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { selectProject } from '../../platform/project/project-selection';

/** Choosing a project on a dashboard: remember its id (sessionStorage 'projectId'), then show its overview. */
export function useOpenProject(): (projectId: number) => void {
  const navigate = useNavigate();
  return useCallback(
    (projectId: number) => {
      selectProject(projectId);
      void navigate('/projectOverview');
    },
    [navigate],
  );
}
