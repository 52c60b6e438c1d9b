import type { ReactNode } from 'react';
import { modalBodyFor } from '../app/modal-registry';
import { ModalProvider } from '../platform/modals/modal-provider';

/** The modal host with the app's bodies, as the shell mounts it. */
export function ModalHost({ children }: { children: ReactNode }) {
  return <ModalProvider bodyFor={modalBodyFor}>{children}</ModalProvider>;
}
