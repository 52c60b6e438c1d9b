import { Suspense, useState } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { de } from '../../i18n/de';
import { ViewerLoading } from './file-preview';
import { PlanVersions } from './plan-versions';
import { previewKindOf } from './preview-kind';
import { usePlanVersions } from './use-plan-versions';
import { LazyPlanCompare, LazyPlanViewer } from './viewer-chunk';

const t = de.files;

/**
 * 'Versionen' of a tile: the plan's versions in a dialog, loaded once it opens. A version opened in
 * the viewer, or the comparison, opens over the list, and closing it leads back to the list. Both
 * show the versions as the list has them now: a page count that came after the upload, fresh links.
 */
export function PlanVersionsDialog({ projectId, file, open, onOpenChange }: { projectId: string; file: ProjectFile; open: boolean; onOpenChange(open: boolean): void }) {
  const versions = usePlanVersions(projectId, file.id, { enabled: open });
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [comparing, setComparing] = useState(false);
  const viewing = versions.data?.find((each) => each.id === viewingId);
  const comparable = (versions.data ?? []).filter((each) => previewKindOf(each) !== 'unsupported');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle className="break-words">{t.versionsTitle(file.name)}</DialogTitle>
            <DialogDescription>{t.versionsDescription}</DialogDescription>
          </DialogHeader>
          <PlanVersions projectId={projectId} fileId={file.id} actions={{ onView: (version) => setViewingId(version.id), onCompare: () => setComparing(true) }} />
          {viewing ? (
            <Suspense fallback={<ViewerLoading />}>
              <LazyPlanViewer file={viewing} open onOpenChange={(next) => !next && setViewingId(null)} />
            </Suspense>
          ) : null}
          {comparing && comparable.length > 1 ? (
            <Suspense fallback={<ViewerLoading />}>
              <LazyPlanCompare versions={comparable} onClose={() => setComparing(false)} />
            </Suspense>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
