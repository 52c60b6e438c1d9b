import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Building2 } from 'lucide-react';
import {
  Sidebar, SidebarContent, SidebarFooter, SidebarGroup, SidebarGroupLabel, SidebarHeader, SidebarMenu, SidebarMenuButton,
  SidebarMenuItem, useSidebar,
} from '../../components/ui/sidebar';
import { BreakPoints } from '../../components/ui/break-points';
import { de } from '../../i18n/de';
import type { MenuItem } from './sidebar-menus';

/** A click the browser would not turn into a new tab or window: the entry's action may take it over. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

/** Ctrl/cmd + click or a middle click: the user asks for the page in a new tab. */
function asksForNewTab(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (event.button === 0 && (event.ctrlKey || event.metaKey)) || event.button === 1;
}

/**
 * Chromium copies sessionStorage (the token, the chosen project) only into tabs opened with an opener,
 * as window.open does, not into tabs opened by a ctrl or middle click: those would land on the login.
 */
function openInNewTab(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  window.open(event.currentTarget.href, '_blank');
}

/**
 * A title whose long compound may break after its joint ('Benachrichtigungs|einstellungen') rather than
 * wherever the line ends: browsers without German hyphenation data otherwise cut it as '…einstellun|gen'.
 * <wbr> adds no text, so the entry's accessible name stays the title.
 */
function MenuTitle({ title }: { title: string }) {
  return <BreakPoints parts={title.split(/(?<=\p{Ll}{3}ungs)(?=\p{Ll}{4})/u)} />;
}

function MenuEntry({ item }: { item: MenuItem }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = item.icon;
  const closeOnPhone = () => (isMobile ? setOpenMobile(false) : undefined);

  if (item.url) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (asksForNewTab(event)) {
        openInNewTab(event);
        return;
      }
      if (!isPlainClick(event)) return;
      closeOnPhone();
      if (!item.action) return;
      event.preventDefault();
      item.action();
    };
    const onAuxClick = (event: MouseEvent<HTMLAnchorElement>) => (asksForNewTab(event) ? openInNewTab(event) : undefined);
    return (
      <SidebarMenuItem>
        <SidebarMenuButton asChild isActive={pathname === item.url} tooltip={item.title}>
          <Link to={item.url} onClick={onClick} onAuxClick={onAuxClick}>
            <Icon aria-hidden />
            <MenuTitle title={item.title} />
          </Link>
        </SidebarMenuButton>
      </SidebarMenuItem>
    );
  }
  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        tooltip={item.title}
        onClick={() => {
          closeOnPhone();
          item.action?.();
        }}
      >
        <Icon aria-hidden />
        <MenuTitle title={item.title} />
        {item.badge ? (
          <span className="ml-auto rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
            <span aria-hidden>{item.badge.count}</span>
            <span className="sr-only">{item.badge.label}</span>
          </span>
        ) : null}
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

export function AppSidebar({ menu, username }: { menu: MenuItem[]; username: string }) {
  const { state } = useSidebar();
  const single = menu.filter((item) => !item.items);
  const [top, ...rest] = single;
  const groups = menu.filter((item) => item.items);

  return (
    <Sidebar label={de.sidebar.navigation}>
      <SidebarHeader>
        <div className="flex h-10 items-center gap-2 px-2 font-semibold short:h-8">
          <Building2 className="size-5 shrink-0 text-primary" aria-hidden />
          {state === 'expanded' ? <span>{de.app.name}</span> : null}
        </div>
      </SidebarHeader>
      <SidebarContent>
        {top ? (
          <SidebarGroup>
            <SidebarMenu>
              <MenuEntry item={top} />
            </SidebarMenu>
          </SidebarGroup>
        ) : null}
        {groups.map((group) => (
          <SidebarGroup key={group.title} role="group" aria-label={group.title}>
            <SidebarGroupLabel>{group.title}</SidebarGroupLabel>
            <SidebarMenu>
              {group.items?.map((item) => <MenuEntry key={item.title} item={item} />)}
            </SidebarMenu>
          </SidebarGroup>
        ))}
      </SidebarContent>
      {/* Impressum, Datenschutz and Logout stay pinned below the list: should the list still not fit a short screen, it scrolls and they stay in view. */}
      <SidebarFooter>
        <SidebarMenu>
          {rest.map((item) => (
            <MenuEntry key={item.title} item={item} />
          ))}
        </SidebarMenu>
        <p className="px-2 py-1 text-sm [overflow-wrap:anywhere] short:py-0.5 group-data-[state=collapsed]/sidebar:sr-only">{de.sidebar.welcome(username)}</p>
      </SidebarFooter>
    </Sidebar>
  );
}
