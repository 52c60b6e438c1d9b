import { can } from '@bauakte/domain/labels';
import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { DialogContent, DialogHeader, DialogTitle, type DialogHeight, type DialogWidth } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../session/session-context';
import { GuardedDialog } from '../unsaved-changes/guarded-dialog';
import { de } from '../../i18n/de';
import { ModalContext, type ModalControls } from './modal-context';
import type { ModalBodyFor, ModalProps, ModalType, OpenModal } from './modal-types';
import { PlaceholderModalBody } from './placeholder-modal';

function modalTitle(type: ModalType, roles: readonly string[], props: ModalProps | undefined): string {
  if (type === 'AllUser') return can({ roles }, 'manageUsers') ? de.modals.AllUser : de.modals.AllCustomers;
  // The upload opened for a plan's next version (see UploadModal's props).
  if (type === 'UploadImage' && props?.replaces !== undefined) return de.modals.UploadVersion;
  return de.modals[type];
}

const noProps = {};

/** Lists and the chat use the spec's 80 % of the width; forms are as wide as their fields. */
const wideModals: ReadonlySet<ModalType> = new Set<ModalType>(['AllUser', 'AllProjects', 'ChatDialog']);

/** The dialog's size for a modal type; the chat keeps one height while its messages arrive. */
function modalSizeOf(type: ModalType): { width: DialogWidth; height: DialogHeight } {
  return { width: wideModals.has(type) ? 'wide' : 'content', height: type === 'ChatDialog' ? 'full' : 'content' };
}

/**
 * One modal at a time, a full-screen sheet on phones; on desktop lists and the chat 80 % of the
 * viewport wide (spec section 2), forms as wide as their fields (modalSizeOf). Escape, the X
 * and a click outside ask first while a form in the modal holds unsaved changes; a body's `close`
 * (after a save) does not. `bodyFor` names the bodies: the app's registry, so the host imports no feature.
 */
export function ModalProvider({ bodyFor, children }: { bodyFor: ModalBodyFor; children: ReactNode }) {
  const { user } = useSession();
  const [current, setCurrent] = useState<(OpenModal & { id: number }) | null>(null);
  const openCount = useRef(0);
  // The element that opened the first of the modals: the dialog has no Radix trigger to return the focus to.
  const opener = useRef<HTMLElement | null>(null);
  const openModal = useCallback<ModalControls['openModal']>((type, props) => {
    const active = document.activeElement;
    // A modal opened from another one (NewChat → ChatDialog) keeps the first opener.
    if (active instanceof HTMLElement && !active.closest('[role="dialog"]')) opener.current = active;
    // A fresh id remounts the body, so reopening starts from the server's data, not stale form state.
    openCount.current += 1;
    setCurrent({ type, props, id: openCount.current });
  }, []);
  const closeModal = useCallback(() => setCurrent(null), []);
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);
  const controls = useMemo(() => ({ current, openModal, closeModal }), [current, openModal, closeModal]);
  const roles = user?.roles ?? [];
  const Body = current ? bodyFor(current.type, roles) : null;

  return (
    <ModalContext.Provider value={controls}>
      {children}
      <GuardedDialog open={current !== null} onClose={closeModal}>
        {current ? (
          <DialogContent aria-describedby={undefined} onCloseAutoFocus={returnFocus} {...modalSizeOf(current.type)}>
            {/* The title names the dialog; no description repeats it, so a screen reader says it once. */}
            <DialogHeader>
              <DialogTitle>{modalTitle(current.type, roles, current.props)}</DialogTitle>
            </DialogHeader>
            {Body ? (
              <Suspense fallback={<Spinner label={de.common.loading} />}>
                <Body key={current.id} close={closeModal} props={current.props ?? noProps} />
              </Suspense>
            ) : (
              <PlaceholderModalBody />
            )}
          </DialogContent>
        ) : null}
      </GuardedDialog>
    </ModalContext.Provider>
  );
}
