import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemPhoto, ProjectFile } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';
import { fileKeys, pinKeys } from '../../lib/query-keys';
import { PinBoard } from './pins/pin-board';
import type { UploadPhoto } from './pins/pin-form';
import { fetchItemPhotos, fetchPins, uploadItemPhoto } from './pins/pins-api';
import { isOlderVersion, PlanViewer, type PlanViewerProps } from './plan-viewer/plan-viewer';
import { useProjectFilesScope } from './project-files-context';
import { usePlanVersions } from './use-plan-versions';

/** A photo of a pin or a reply is a file of the project (the list of files reads it again). */
function usePhotoUpload(projectId: string): UploadPhoto {
  const queryClient = useQueryClient();
  return async (photo, title) => {
    const id = await uploadItemPhoto(projectId, photo, title);
    void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
    return id;
  };
}

/** The project's photos of items (read again when a pin changes, as its board reads its pins). */
function useItemPhotos(projectId: string) {
  return useQuery({ queryKey: pinKeys.photos(projectId), queryFn: () => fetchItemPhotos(projectId), enabled: projectId !== '' });
}

/** A photo by its file: among the items' photos, else among the project's files (one uploaded a moment ago). */
function photoFinder(photos: readonly ItemPhoto[], files: readonly ProjectFile[]) {
  const byId = new Map<number, Pick<ProjectFile, 'name' | 'url' | 'thumbnailUrl'>>(files.map((file) => [file.id, file]));
  for (const photo of photos) byId.set(photo.file.id, photo.file);
  return (fileId: number) => byId.get(fileId);
}

/** How many pins the board has read (it reads and refreshes them; this only counts), for the phone's sheet's handle. */
function usePinCount(projectId: string, fileId: number): number {
  const pins = useQuery({ queryKey: pinKeys.file(projectId, fileId), queryFn: () => fetchPins(projectId, fileId), enabled: false });
  return pins.data?.length ?? 0;
}

/** The version before the file's, whose pins a new version offers to take over (an earlier version offers none). */
function usePreviousVersion(projectId: string, file: ProjectFile): { fileId: number; version: number } | undefined {
  const versions = usePlanVersions(projectId, file.id, { enabled: projectId !== '' && file.versionCount > 1 && !isOlderVersion(file) });
  const previous = versions.data?.find((each) => each.version === file.version - 1);
  return previous ? { fileId: previous.id, version: previous.version } : undefined;
}

/**
 * The plan viewer with the plan's pins, inside a project's file list; without one, the plain viewer.
 * An earlier version shows its own pins read-only: a pin placed there would sit on a superseded
 * drawing where those who open the plan (its current version) never see it.
 */
export function PlanViewerWithPins(props: PlanViewerProps) {
  const scope = useProjectFilesScope();
  const uploadPhoto = usePhotoUpload(scope?.projectId ?? '');
  const previousVersion = usePreviousVersion(scope?.projectId ?? '', props.file);
  const pinCount = usePinCount(scope?.projectId ?? '', props.file.id);
  const itemPhotos = useItemPhotos(scope?.projectId ?? '');
  if (!scope) return <PlanViewer {...props} />;
  const photoOf = photoFinder(itemPhotos.data ?? [], scope.files);
  return (
    <PlanViewer
      {...props}
      annotate={(page, show) => (
        <PinBoard
          projectId={scope.projectId}
          file={props.file}
          page={page}
          uploadPhoto={uploadPhoto}
          photoOf={photoOf}
          previousVersion={isOlderVersion(props.file) ? undefined : previousVersion}
          readOnly={isOlderVersion(props.file)}
        >
          {(slots) => show({ ...slots, sheetLabel: de.files.viewer.markerCount(pinCount) })}
        </PinBoard>
      )}
    />
  );
}
