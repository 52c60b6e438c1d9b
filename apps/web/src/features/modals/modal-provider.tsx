import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useSession } from '../auth/session-context';
import { de } from '../../i18n/de';
import { ModalContext, type ModalControls } from './modal-context';
import type { ModalType, OpenModal } from './modal-types';
import { PlaceholderModalBody } from './placeholder-modal';

function modalTitle(type: ModalType, roles: readonly string[]): string {
  if (type === 'AllUser') return roles.includes('ADMIN') ? de.modals.AllUser : de.modals.AllCustomers;
  return de.modals[type];
}

/** One modal at a time, 80 % of the viewport wide and full height (spec section 2). */
export function ModalProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [current, setCurrent] = useState<OpenModal | null>(null);
  const openModal = useCallback<ModalControls['openModal']>((type, props) => setCurrent({ type, props }), []);
  const closeModal = useCallback(() => setCurrent(null), []);
  const controls = useMemo(() => ({ current, openModal, closeModal }), [current, openModal, closeModal]);

  return (
    <ModalContext.Provider value={controls}>
      {children}
      <Dialog open={current !== null} onOpenChange={(open) => (open ? undefined : closeModal())}>
        {current ? (
          <DialogContent className="h-svh w-[80vw] max-w-none sm:rounded-none" aria-describedby={undefined}>
            <DialogHeader>
              <DialogTitle>{modalTitle(current.type, user?.roles ?? [])}</DialogTitle>
              <DialogDescription className="sr-only">{modalTitle(current.type, user?.roles ?? [])}</DialogDescription>
            </DialogHeader>
            <PlaceholderModalBody />
          </DialogContent>
        ) : null}
      </Dialog>
    </ModalContext.Provider>
  );
}
