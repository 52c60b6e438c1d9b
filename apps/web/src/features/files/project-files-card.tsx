import { useQuery } from '@tanstack/react-query';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { FolderOpen, Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { StatusMessage } from '../../components/ui/status-message';
import { de } from '../../i18n/de';
import { useModal } from '../../platform/modals/modal-context';
import { SectionCard } from '../../components/section-card';
import { fileLinkRefresh, projectFilesQuery } from './files-api';
import { FileTile } from './file-tile';
import { usePreloadLinkedViewer } from './file-preview';
import { useDeleteFile } from './use-delete-file';
import { useLiveFiles } from './use-live-files';
import { ProjectFilesContext } from './project-files-context';

const t = de.files;

function EmptyFiles() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-border p-8 text-center text-muted-foreground">
      <FolderOpen aria-hidden className="size-8" />
      <p>{t.empty}</p>
    </div>
  );
}

function FileGrid({ files, projectId }: { files: ProjectFile[]; projectId: string }) {
  const deletion = useDeleteFile(projectId);
  return (
    <div className="flex flex-col gap-3">
      <FormError>{deletion.error}</FormError>
      <StatusMessage>{deletion.status}</StatusMessage>
      {files.length === 0 ? (
        <EmptyFiles />
      ) : (
        <ProjectFilesContext.Provider value={{ projectId, files }}>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {files.map((file) => (
              // By plan: a new version updates its tile in place, so a viewer open on it stays open
              // (`?? file.id`: a list kept offline from a server before plan ids lacks them).
              <FileTile key={file.planId ?? file.id} projectId={projectId} file={file} deleting={deletion.isBusy(file.id)} onDelete={(chosen) => void deletion.run(chosen)} />
            ))}
          </ul>
        </ProjectFilesContext.Provider>
      )}
    </div>
  );
}

function LoadFailure({ onRetry }: { onRetry(): void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError>{t.loadFailed}</FormError>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

/**
 * 'Projektdateien' (spec section 2): the project's plans and photos with '+ Plan hochladen'. The
 * list is fetched again before its signed links expire (see fileLinkRefresh).
 */
export function ProjectFilesCard({ projectId, className }: { projectId: string; className?: string }) {
  const { openModal } = useModal();
  usePreloadLinkedViewer();
  useLiveFiles(projectId);
  const files = useQuery({
    ...projectFilesQuery(projectId),
    refetchInterval: fileLinkRefresh.refetchIntervalMs,
    refetchOnWindowFocus: true,
  });

  return (
    <SectionCard
      title={t.title}
      className={className}
      action={
        <Button size="sm" variant="outline" onClick={() => openModal('UploadImage')}>
          <Upload aria-hidden />
          {t.upload}
        </Button>
      }
    >
      {files.isPending ? <Spinner label={t.loading} /> : null}
      {/* Spec section 8: a failed load leaves the list empty. A failed refresh keeps the list, and a viewer open on it. */}
      {files.isError && !files.data ? <LoadFailure onRetry={() => void files.refetch()} /> : null}
      {files.data ? <FileGrid files={files.data} projectId={projectId} /> : null}
    </SectionCard>
  );
}
