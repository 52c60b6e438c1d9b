import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { de } from '../../i18n/de';
import { inTaskOfItsOwn } from '../../lib/after-paint';
import { idFrom } from '../../lib/link-id';
import { selectProject, useSelectedProjectId } from '../../platform/project/project-selection';
import { useMissingProjectRedirect } from '../../platform/project/use-required-project';

const linkParameter = 'projectId';

/**
 * The project the overview shows: the one in the link (/projectOverview?projectId=7, from the
 * architects' notice mails), which then becomes the selected project, else the selected one.
 */
export function useOverviewProjectId(): string | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get(linkParameter);
  const fromLink = idFrom(linked);
  const selected = useSelectedProjectId();
  const projectId = fromLink ?? selected;

  useEffect(() => {
    if (linked === null) return;
    // Choosing the project re-renders the sidebar, dropping the parameter the route: neither is
    // what the page shows first, so both wait for a task of their own after the page's first commit.
    return inTaskOfItsOwn(() => {
      if (fromLink) selectProject(fromLink);
      setSearchParams(
        (params) => {
          params.delete(linkParameter);
          return params;
        },
        { replace: true },
      );
    });
  }, [linked, fromLink, setSearchParams]);

  useMissingProjectRedirect(projectId === null && linked === null, de.projectOverview.missingProject);
  return projectId;
}
