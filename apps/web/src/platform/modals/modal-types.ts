import type { ComponentType } from 'react';

/** The modal types of spec section 2. */
export type ModalType =
  | 'CreateUser'
  | 'AllUser'
  | 'CreateProject'
  | 'AllProjects'
  | 'ChatDialog'
  | 'NewChat'
  | 'ExportProject'
  | 'UserProfil'
  | 'UploadImage'
  | 'NotificationSettings';

/** e.g. the username of a profile; a profile without one falls back to the logged-in user. */
export type ModalProps = Record<string, string | number | (() => void) | undefined>;

export interface OpenModal {
  type: ModalType;
  props?: ModalProps;
}

/** What every modal body receives from the host. */
export interface ModalBodyProps {
  close(): void;
  props: ModalProps;
}

export type ModalBody = ComponentType<ModalBodyProps>;

/** The body of a modal type for these roles, or null where the feature is not built yet (placeholder). */
export type ModalBodyFor = (type: ModalType, roles: readonly string[]) => ModalBody | null;
