import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectFile } from '@bauakte/domain';
import { errorText, hasErrorCode } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { useConfirm } from '../../platform/feedback/feedback-context';
import { deleteProjectFile } from './files-api';
import { fileKeys } from '../../lib/query-keys';

const t = de.files;

/** Löschen after the spec's question; the plan, all its versions, leaves the list once the server has deleted it. */
export function useDeleteFile(projectId: string) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<number>>(() => new Set());
  const [error, setError] = useState('');
  const [deleted, setDeleted] = useState('');

  const mark = (id: number, deleting: boolean) =>
    setDeletingIds((ids) => {
      const next = new Set(ids);
      if (deleting) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async (file: ProjectFile) => {
    // A plan with several versions says that they all go.
    const question =
      file.versionCount > 1
        ? { title: t.confirmDeletePlan(file.name, file.versionCount), description: t.confirmDeletePlanDescription }
        : { title: t.confirmDelete(file.name) };
    if (!(await confirm({ ...question, confirmLabel: t.delete, destructive: true }))) return;
    setError('');
    setDeleted('');
    mark(file.id, true);
    try {
      await deleteProjectFile(projectId, file);
      queryClient.setQueryData<ProjectFile[]>(fileKeys.list(projectId), (files) => files?.filter((listed) => listed.id !== file.id));
      setDeleted(t.deleted(file.name));
    } catch (failure) {
      setError(errorText(failure, errorContexts.deleteFile));
      // Someone else removed it already: show the list as it is now.
      if (hasErrorCode(failure, 'NOT_FOUND')) void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
    } finally {
      mark(file.id, false);
    }
  };

  return { remove, isDeleting: (file: ProjectFile) => deletingIds.has(file.id), error, deleted };
}
