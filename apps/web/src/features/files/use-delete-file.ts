import { useQueryClient } from '@tanstack/react-query';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { hasErrorCode } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { useServerAction, type ServerAction } from '../../platform/actions/use-server-action';
import { de } from '../../i18n/de';
import { deleteProjectFile } from './files-api';
import { fileKeys } from '../../lib/query-keys';

const t = de.files;

/** Löschen after the spec's question; the plan, all its versions, leaves the list once the server has deleted it. */
export function useDeleteFile(projectId: string): ServerAction<ProjectFile> {
  const queryClient = useQueryClient();
  return useServerAction({
    // A plan with several versions says that they all go.
    confirm: (file: ProjectFile) => ({
      ...(file.versionCount > 1 ? { title: t.confirmDeletePlan(file.name, file.versionCount), description: t.confirmDeletePlanDescription } : { title: t.confirmDelete(file.name) }),
      confirmLabel: t.delete,
      destructive: true,
    }),
    action: (file) => deleteProjectFile(projectId, file),
    itemOf: (file) => file.id,
    status: (_, file) => t.deleted(file.name),
    errors: errorContexts.deleteFile,
    onSuccess: (_, file) => {
      queryClient.setQueryData<ProjectFile[]>(fileKeys.list(projectId), (files) => files?.filter((listed) => listed.id !== file.id));
    },
    // Someone else removed it already: show the list as it is now.
    onError: (failure) => {
      if (hasErrorCode(failure, 'NOT_FOUND')) void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
    },
  });
}
