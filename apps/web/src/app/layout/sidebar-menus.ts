import {
  Bell, BellRing, ClipboardList, FileText, FolderKanban, FolderPlus, Home, Landmark, LayoutDashboard, LogOut,
  MessageSquarePlus, Scale, Settings, ShieldCheck, Thermometer, User, UserPlus, Users, AppWindow, Layers,
  type LucideIcon,
} from 'lucide-react';
import { de } from '../../i18n/de';
import type { ModalType } from '../../platform/modals/modal-types';

/**
 * A sidebar entry (spec section 2): title, optional url, icon, action and optional sub-items. An entry
 * with a url is a link; with a url and an action, a plain click runs the action and a ctrl/middle
 * click opens the url in a new tab.
 */
export interface MenuItem {
  title: string;
  url?: string;
  icon: LucideIcon;
  action?: () => void;
  items?: MenuItem[];
  /** A count shown beside the entry (unread messages), with its meaning for screen readers. */
  badge?: { count: number; label: string };
}

export interface MenuActions {
  /** The role's dashboard: Home is a link there, so it can open in a new tab. */
  homePath: string;
  goHome(): void;
  openModal(type: ModalType): void;
  logout(): void;
}

const projectSection: MenuItem = {
  title: de.sidebar.project,
  icon: FolderKanban,
  items: [
    { title: de.sidebar.overview, url: '/projectOverview', icon: LayoutDashboard },
    { title: de.sidebar.general, url: '/general', icon: ClipboardList },
    { title: de.sidebar.storeys, url: '/storeys', icon: Layers },
    { title: de.sidebar.windows, url: '/windows', icon: AppWindow },
    { title: de.sidebar.heating, url: '/heating', icon: Thermometer },
  ],
};

/** A link to the dashboard; a plain click runs goHome instead (clear the project, then navigate). */
const home = (a: MenuActions): MenuItem => ({ title: de.sidebar.home, url: a.homePath, icon: Home, action: a.goHome });
const impressum: MenuItem = { title: de.sidebar.impressum, url: '/impressum', icon: Scale };
const privacy: MenuItem = { title: de.sidebar.privacy, url: '/datenschutz', icon: ShieldCheck };
const logout = (a: MenuActions): MenuItem => ({ title: de.sidebar.logout, icon: LogOut, action: a.logout });
const modal = (title: string, icon: LucideIcon, type: ModalType, a: MenuActions): MenuItem => ({ title, icon, action: () => a.openModal(type) });

/** 'Benachrichtigungen anzeigen' with the number of unread messages. */
const showChats = (a: MenuActions, unread: number): MenuItem => ({
  ...modal(de.sidebar.showNotifications, BellRing, 'ChatDialog', a),
  ...(unread > 0 ? { badge: { count: unread, label: de.chat.unread(unread) } } : {}),
});

export function architectMenu(a: MenuActions, hasProject: boolean, unread = 0): MenuItem[] {
  return [
    home(a),
    ...(hasProject ? [projectSection] : []),
    {
      title: de.sidebar.userManagement,
      icon: Users,
      items: [modal(de.sidebar.registeredUsers, Users, 'AllUser', a), modal(de.sidebar.addUser, UserPlus, 'CreateUser', a)],
    },
    {
      title: de.sidebar.projects,
      icon: FileText,
      items: [modal(de.sidebar.projectOverview, FolderKanban, 'AllProjects', a), modal(de.sidebar.createProject, FolderPlus, 'CreateProject', a)],
    },
    {
      title: de.sidebar.notifications,
      icon: Bell,
      items: [
        showChats(a, unread),
        modal(de.sidebar.contactUser, MessageSquarePlus, 'NewChat', a),
        modal(de.sidebar.notificationSettings, Settings, 'NotificationSettings', a),
      ],
    },
    { title: de.sidebar.settings, icon: Settings, items: [modal(de.sidebar.profile, User, 'UserProfil', a)] },
    impressum,
    privacy,
    logout(a),
  ];
}

export function clientMenu(a: MenuActions, hasProject: boolean, unread = 0): MenuItem[] {
  return [
    home(a),
    ...(hasProject ? [projectSection] : []),
    {
      title: de.sidebar.notifications,
      icon: Bell,
      items: [showChats(a, unread), modal(de.sidebar.contactArchitect, MessageSquarePlus, 'NewChat', a)],
    },
    {
      title: de.sidebar.settings,
      icon: Settings,
      items: [modal(de.sidebar.profile, User, 'UserProfil', a), modal(de.sidebar.notificationSettings, Bell, 'NotificationSettings', a)],
    },
    impressum,
    privacy,
    logout(a),
  ];
}

export function adminMenu(a: MenuActions): MenuItem[] {
  return [
    { title: de.sidebar.home, icon: Landmark, url: '/admin' },
    { title: de.sidebar.userManagement, icon: Users, items: [modal(de.sidebar.registeredUsers, Users, 'AllUser', a)] },
    // The first admin comes from ADMIN_USERNAME/ADMIN_PASSWORD, perhaps without e-mail: here they set it and a password of their own.
    { title: de.sidebar.settings, icon: Settings, items: [modal(de.sidebar.profile, User, 'UserProfil', a)] },
    impressum,
    privacy,
    logout(a),
  ];
}
