import { useQueryClient } from '@tanstack/react-query';
import { documentTypeOfFileName } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { fileKeys } from '../../lib/query-keys';
import { PinBoard } from './pins/pin-board';
import type { UploadPhoto } from './pins/pin-form';
import { PlanViewer, type PlanViewerProps } from './plan-viewer/plan-viewer';
import { useProjectFilesScope } from './project-files-context';
import { uploadProjectFile } from './upload-request';
import { usePlanVersions } from './use-plan-versions';

/** A photo of a pin is a file of the project, titled after the pin; the file list shows it too. */
function usePhotoUpload(projectId: string): UploadPhoto {
  const queryClient = useQueryClient();
  return async (photo, title) => {
    const documentType = documentTypeOfFileName(photo.name) ?? 'JPG';
    const stored = await uploadProjectFile({ projectId, fileName: title, comment: '', documentType, file: photo });
    void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
    return stored.id;
  };
}

function photoFinder(files: readonly ProjectFile[]) {
  const byId = new Map(files.map((file) => [file.id, file]));
  return (fileId: number) => byId.get(fileId);
}

/** The version before the file's, whose pins a new version offers to take over. */
function usePreviousVersion(projectId: string, file: ProjectFile): { fileId: number; version: number } | undefined {
  const versions = usePlanVersions(projectId, file.id, { enabled: projectId !== '' && file.versionCount > 1 });
  const previous = versions.data?.find((each) => each.version === file.version - 1);
  return previous ? { fileId: previous.id, version: previous.version } : undefined;
}

/** The plan viewer with the plan's pins, inside a project's file list; without one, the plain viewer. */
export function PlanViewerWithPins(props: PlanViewerProps) {
  const scope = useProjectFilesScope();
  const uploadPhoto = usePhotoUpload(scope?.projectId ?? '');
  const previousVersion = usePreviousVersion(scope?.projectId ?? '', props.file);
  if (!scope) return <PlanViewer {...props} />;
  const photoOf = photoFinder(scope.files);
  return (
    <PlanViewer
      {...props}
      annotate={(page, show) => (
        <PinBoard projectId={scope.projectId} file={props.file} page={page} uploadPhoto={uploadPhoto} photoOf={photoOf} previousVersion={previousVersion}>
          {show}
        </PinBoard>
      )}
    />
  );
}
