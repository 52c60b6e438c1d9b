import type { ProjectFile } from '@bauakte/domain/schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { de } from '../../i18n/de';
import { PlanVersions } from './plan-versions';

const t = de.files;

/** 'Versionen' of a tile: the plan's versions in a dialog, loaded once it opens. */
export function PlanVersionsDialog({ projectId, file, open, onOpenChange }: { projectId: string; file: ProjectFile; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle className="break-words">{t.versionsTitle(file.name)}</DialogTitle>
            <DialogDescription>{t.versionsDescription}</DialogDescription>
          </DialogHeader>
          <PlanVersions projectId={projectId} fileId={file.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
