import { createContext, useContext } from 'react';
import type { ModalType, OpenModal } from './modal-types';

export interface ModalControls {
  current: OpenModal | null;
  openModal(type: ModalType, props?: OpenModal['props']): void;
  closeModal(): void;
}

export const ModalContext = createContext<ModalControls | null>(null);

export function useModal(): ModalControls {
  const controls = useContext(ModalContext);
  if (!controls) throw new Error('useModal outside ModalProvider');
  return controls;
}
