import { describe, expect, it, vi } from 'vitest';
import { adminMenu, architectMenu, clientMenu, type MenuItem } from './sidebar-menus';

const actions = () => ({ homePath: '/dashboard', goHome: vi.fn(), openModal: vi.fn(), logout: vi.fn() });
const titles = (menu: MenuItem[]) => menu.map((item) => (item.items ? `${item.title}: ${item.items.map((i) => i.title).join(', ')}` : item.title));

describe('sidebar menus', () => {
  it('gives architects every group of spec section 2', () => {
    expect(titles(architectMenu(actions(), false))).toEqual([
      'Home',
      'Benutzerverwaltung: Registrierte Nutzer, Nutzer hinzufügen',
      'Projekte: Projektübersicht, Projekt erstellen',
      'Benachrichtigungen: Benachrichtigungen anzeigen, Nutzer kontaktieren, Benachrichtigungseinstellungen',
      'Einstellungen: Profil',
      'Impressum',
      'Datenschutzerklärung',
      'Logout',
    ]);
  });

  it('shows the project section only while a project id is held', () => {
    expect(titles(architectMenu(actions(), true))[1]).toBe('Projekt: Übersicht, Allgemeine Informationen, Stockwerke, Fenster, Heizung');
    expect(titles(clientMenu(actions(), true))[1]).toBe('Projekt: Übersicht, Allgemeine Informationen, Stockwerke, Fenster, Heizung');
    expect(titles(clientMenu(actions(), false))).not.toContain('Projekt');
  });

  it("gives clients 'Architekt/in kontaktieren' and their settings", () => {
    expect(titles(clientMenu(actions(), false))).toEqual([
      'Home',
      'Benachrichtigungen: Benachrichtigungen anzeigen, Architekt/in kontaktieren',
      'Einstellungen: Profil, Benachrichtigungseinstellungen',
      'Impressum',
      'Datenschutzerklärung',
      'Logout',
    ]);
  });

  it('gives admins Home, the user list, their own profile, Impressum, Datenschutzerklärung and Logout', () => {
    const a = actions();
    const menu = adminMenu(a);
    expect(titles(menu)).toEqual([
      'Home', 'Benutzerverwaltung: Registrierte Nutzer', 'Einstellungen: Profil', 'Impressum', 'Datenschutzerklärung', 'Logout',
    ]);
    expect(menu[0]?.url).toBe('/admin');
    menu.find((item) => item.title === 'Einstellungen')?.items?.[0]?.action?.();
    expect(a.openModal).toHaveBeenCalledWith('UserProfil');
  });

  it('links the Datenschutzerklärung beside the Impressum in every menu', () => {
    for (const menu of [architectMenu(actions(), false), clientMenu(actions(), true), adminMenu(actions())]) {
      const urls = menu.map((item) => item.url);
      expect(urls.indexOf('/datenschutz')).toBe(urls.indexOf('/impressum') + 1);
    }
  });

  it('opens modals, not routes, from the group entries', () => {
    const a = actions();
    const menu = architectMenu(a, false);
    const addUser = menu.find((item) => item.title === 'Benutzerverwaltung')?.items?.[1];
    expect(addUser?.url).toBeUndefined();
    addUser?.action?.();
    expect(a.openModal).toHaveBeenCalledWith('CreateUser');
  });

  it("puts the unread count on 'Benachrichtigungen anzeigen' only when there is one", () => {
    const showOf = (menu: MenuItem[]) => menu.flatMap((item) => item.items ?? []).find((item) => item.title === 'Benachrichtigungen anzeigen');
    expect(showOf(architectMenu(actions(), false, 3))?.badge).toEqual({ count: 3, label: '3 ungelesene Nachrichten' });
    expect(showOf(clientMenu(actions(), false, 1))?.badge).toEqual({ count: 1, label: '1 ungelesene Nachricht' });
    expect(showOf(architectMenu(actions(), false, 0))?.badge).toBeUndefined();
  });
});
