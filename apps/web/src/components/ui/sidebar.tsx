import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { PanelLeft } from 'lucide-react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn';
import { useIsMobile } from './use-is-mobile';
import { de } from '../../i18n/de';
import { Button } from './button';
import { Sheet, SheetContent, SheetTitle } from './sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie, sidebarWidth, sidebarWidthIcon, sidebarWidthMobile } from './sidebar-state';

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen(open: boolean): void;
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  isMobile: boolean;
  toggleSidebar(): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar outside SidebarProvider');
  return context;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readSidebarOpen(document.cookie));
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );
  const style = {
    '--sidebar-width': sidebarWidth,
    '--sidebar-width-mobile': sidebarWidthMobile,
    '--sidebar-width-icon': sidebarWidthIcon,
  } as CSSProperties;

  return (
    <SidebarContext.Provider value={value}>
      <div style={style} className="flex min-h-svh w-full bg-background">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        {/* The sheet lives in a portal, outside the provider's CSS variables: give it its width directly.
            The hidden title names the dialog once; no description repeats it, so a screen reader says 'Navigation' once. */}
        <SheetContent style={{ width: sidebarWidthMobile }} className="text-sidebar-foreground" aria-describedby={undefined}>
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <nav aria-label={label} className="flex h-full flex-col">
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <aside
      data-state={state}
      className={cn(
        'group/sidebar sticky top-0 hidden h-svh shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 md:flex',
        state === 'expanded' ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
      )}
    >
      <nav aria-label={label} className="flex h-full flex-col overflow-hidden">
        {children}
      </nav>
    </aside>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggleSidebar } = useSidebar();
  return (
    <Button variant="ghost" size="icon" className={cn('size-8', className)} onClick={toggleSidebar} aria-label={de.sidebar.toggle} title={de.sidebar.toggle}>
      <PanelLeft aria-hidden />
    </Button>
  );
}

/** The column beside the sidebar; the page's <main> lies inside, after the header. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2 short:py-1', className)} {...props} />;
}

/**
 * The menu's list between header and footer. On a short screen its spacing closes up so that a full menu
 * fits a laptop's 768 px; where it still does not, the scrollbar stays visible (thin, in the border's
 * colour) so the entries below the edge are not hidden without a hint.
 */
export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-sidebar-content=""
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overflow-x-hidden [scrollbar-color:var(--color-input)_transparent] [scrollbar-width:thin] short:gap-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 border-t border-sidebar-border p-2 short:gap-0 short:py-1', className)} {...props} />;
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex w-full min-w-0 flex-col p-2 short:py-1', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  const { state, isMobile } = useSidebar();
  if (state === 'collapsed' && !isMobile) return null;
  return <div className={cn('flex min-h-8 shrink-0 items-center px-2 py-1 text-xs short:min-h-5 short:py-0.5 font-semibold uppercase tracking-wide text-sidebar-foreground/70 [overflow-wrap:anywhere]', className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex w-full min-w-0 flex-col gap-1 short:gap-0', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  asChild?: boolean;
  isActive?: boolean;
  tooltip: string;
}

/** A menu entry; in icon mode only its icon shows and its title becomes a tooltip. */
export function SidebarMenuButton({ asChild = false, isActive = false, tooltip, className, ...props }: SidebarMenuButtonProps) {
  const { state, isMobile } = useSidebar();
  const Component = asChild ? Slot.Root : 'button';
  const button = (
    <Component
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        // Titles wrap rather than being cut off; a single word too long for the line is hyphenated where the
        // browser knows German hyphenation and otherwise broken at the edge.
        'flex min-h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 py-1.5 text-left short:min-h-7 short:py-1 text-sm leading-snug outline-none ring-ring transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium [&>svg]:size-4 [&>svg]:shrink-0 [&>span]:min-w-0 [&>span]:hyphens-auto [&>span]:[overflow-wrap:break-word] group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:[&>span]:sr-only',
        className,
      )}
      {...(asChild ? {} : { type: 'button' as const })}
      {...props}
    />
  );
  if (state === 'expanded' || isMobile) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{tooltip}</TooltipContent>
    </Tooltip>
  );
}
