import { lazy } from 'react';
import { can } from '@bauakte/domain/labels';
import type { ModalBody, ModalType } from '../platform/modals/modal-types';

/** Modal bodies load on demand, like pages: none of them weighs on the first route. */
function lazyBody<K extends string>(load: () => Promise<Record<K, ModalBody>>, name: K): ModalBody {
  return lazy<ModalBody>(async () => ({ default: (await load())[name] }));
}

const AdminUsersModal = lazyBody(() => import('../features/admin/admin-users-modal'), 'AdminUsersModal');
const ProfileModal = lazyBody(() => import('../features/profile/profile-modal'), 'ProfileModal');
const NotificationSettingsModal = lazyBody(() => import('../features/notifications/notification-settings-modal'), 'NotificationSettingsModal');
const CreateCustomerModal = lazyBody(() => import('../features/customers/create-customer-modal'), 'CreateCustomerModal');
const CustomersModal = lazyBody(() => import('../features/customers/customers-modal'), 'CustomersModal');
const CreateProjectModal = lazyBody(() => import('../features/projects/create-project-modal'), 'CreateProjectModal');
const ProjectsModal = lazyBody(() => import('../features/projects/projects-modal'), 'ProjectsModal');
const UploadModal = lazyBody(() => import('../features/files/upload-modal'), 'UploadModal');
const ChatDialog = lazyBody(() => import('../features/chat/chat-dialog'), 'ChatDialog');
const NewChatModal = lazyBody(() => import('../features/chat/new-chat-modal'), 'NewChatModal');
const ExportModal = lazyBody(() => import('../features/export/export-modal'), 'ExportModal');

/**
 * The body of a modal type for these roles, or null where the feature is not built yet (placeholder).
 * The modal host (platform/modals) is handed this, so it imports no feature.
 */
export function modalBodyFor(type: ModalType, roles: readonly string[]): ModalBody | null {
  const user = { roles };
  switch (type) {
    // For admins 'AllUser' lists every account; for architects it is the customer overview.
    case 'AllUser':
      if (can(user, 'manageUsers')) return AdminUsersModal;
      return can(user, 'manageCustomers') ? CustomersModal : null;
    case 'CreateUser':
      return can(user, 'manageCustomers') ? CreateCustomerModal : null;
    case 'CreateProject':
      return can(user, 'manageProjects') ? CreateProjectModal : null;
    case 'AllProjects':
      return can(user, 'manageProjects') ? ProjectsModal : null;
    case 'UserProfil':
      return ProfileModal;
    case 'NotificationSettings':
      return NotificationSettingsModal;
    // Spec section 6: the project's architects and its client upload files.
    case 'UploadImage':
      return can(user, 'uploadFiles') ? UploadModal : null;
    // Chats are between architects and clients; administrators take part in none (spec section 6).
    case 'ChatDialog':
      return can(user, 'chat') ? ChatDialog : null;
    case 'NewChat':
      return can(user, 'chat') ? NewChatModal : null;
    // Spec section 6: only the project's architects export it.
    case 'ExportProject':
      return can(user, 'export') ? ExportModal : null;
    default:
      return null;
  }
}
