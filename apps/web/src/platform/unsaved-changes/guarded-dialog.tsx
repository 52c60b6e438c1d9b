import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { UnsavedChangesContext, useUnsavedChangesScope, type UnsavedChangesScope } from './unsaved-changes-context';
import { leaveAfterAsking } from './unsaved-changes-registry';

const DismissContext = createContext<(() => void) | null>(null);

/**
 * The inside dialog's way out for a cancel button ('Abbrechen'): it asks first while a form in the
 * dialog holds unsaved changes, like Escape, the X and a click outside do.
 */
export function useDismissDialog(): () => void {
  const dismiss = useContext(DismissContext);
  if (!dismiss) throw new Error('useDismissDialog outside GuardedDialog');
  return dismiss;
}

interface GuardedDialogProps {
  open: boolean;
  /** Closes without asking: after a save, or once the user chose to discard. */
  onClose(): void;
  children: ReactNode;
}

/**
 * A dialog whose typed text is not lost silently: forms inside it register with
 * useUnsavedChangesGuard, and closing it (Escape, the X, a click outside, useDismissDialog) asks
 * while any of them holds unsaved changes.
 */
export function GuardedDialog({ open, onClose, children }: GuardedDialogProps) {
  const { registry } = useUnsavedChangesScope();
  const [within] = useState(() => ({}));
  const scope = useMemo<UnsavedChangesScope>(() => ({ registry, within }), [registry, within]);
  const dismiss = useCallback(() => leaveAfterAsking(registry, onClose, within), [registry, within, onClose]);

  return (
    <UnsavedChangesContext.Provider value={scope}>
      <DismissContext.Provider value={dismiss}>
        <Dialog open={open} onOpenChange={(next) => (next ? undefined : dismiss())}>
          {children}
        </Dialog>
      </DismissContext.Provider>
    </UnsavedChangesContext.Provider>
  );
}
