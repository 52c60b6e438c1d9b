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

export interface OpenModal {
  type: ModalType;
  /** e.g. the username of a profile; a profile without one falls back to the logged-in user. */
  props?: Record<string, string | number | (() => void) | undefined>;
}
