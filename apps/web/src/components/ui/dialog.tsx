import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';
import { ToastSlot } from './toast';

export const Dialog = DialogPrimitive.Root;

/**
 * Phones (below 768 px, the app's mobile breakpoint): every dialog is a full-screen sheet.
 * Desktop: centred, at most 80 % of the viewport wide (spec section 2) and at most its height; longer
 * content scrolls inside, under a header that stays in place. How wide and how high is the content's:
 * - width 'content': as wide as a form needs (45 rem: a form's 42 rem and the padding; less on a narrow window), so no third of the
 *   dialog stays empty beside the fields; 'wide': the full 80 %, for lists, tables and the chat.
 * - height 'content': grows with its content; 'full': a fixed 90 % of the viewport's height, so
 *   content that arrives later (the chat's messages) moves nothing, least of all the buttons.
 * - width 'screen': the whole screen at every size (the plan viewer); the content lays itself out
 *   (no padding, no scrolling body) and the close button is a 44 px target in the top-right corner.
 */
export type DialogWidth = 'content' | 'wide' | 'screen';
export type DialogHeight = 'content' | 'full';

const sheet = 'fixed inset-0 z-50 flex h-dvh w-full flex-col overflow-hidden bg-background shadow-lg';
const centred = 'md:inset-auto md:left-1/2 md:top-1/2 md:max-h-dvh md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-lg md:border md:border-border';
const widths: Record<Exclude<DialogWidth, 'screen'>, string> = { content: 'md:w-[min(80vw,45rem)]', wide: 'md:w-[80vw]' };
const heights: Record<DialogHeight, string> = { content: 'md:h-auto', full: 'md:h-[90dvh]' };

export function dialogContentClassName(width: DialogWidth = 'content', height: DialogHeight = 'content'): string {
  if (width === 'screen') return sheet;
  return cn(sheet, centred, widths[width], heights[height]);
}

const bodyClassName = {
  framed: 'flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 pb-6 md:px-6',
  screen: 'flex min-h-0 flex-1 flex-col',
};
const closeClassName = {
  framed: 'absolute right-3 top-3 z-20 rounded-sm p-1.5 opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring md:right-4 md:top-4',
  screen: 'absolute right-1.5 top-1.5 z-20 flex size-11 items-center justify-center rounded-md opacity-80 transition-opacity hover:bg-accent hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
};

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  width?: DialogWidth;
  height?: DialogHeight;
}

/** What a form asks first: its first control that takes the focus (the upload's drop zone is a button). */
const formControls = 'form :is(input:not([type="hidden"]), select, textarea, button)';

function isShown(element: HTMLElement, within: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node && node !== within; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (node.hidden || style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

function firstField(body: HTMLElement): HTMLElement | null {
  for (const control of body.querySelectorAll<HTMLElement>(formControls)) {
    if (control.tabIndex >= 0 && !control.matches(':disabled') && isShown(control, body)) return control;
  }
  return null;
}

/**
 * A dialog with a form opens with the focus on the form's first field. A body that is still on its
 * way (a modal's code or data loading) leaves Radix's choice, the close button, in place until the
 * form arrives; then the field takes the focus, unless the person has moved it meanwhile.
 */
function useFirstFieldFocus(onOpenAutoFocus: ((event: Event) => void) | undefined): (event: Event) => void {
  const watcher = useRef<MutationObserver | null>(null);
  useEffect(() => () => watcher.current?.disconnect(), []);
  return useCallback(
    (event: Event) => {
      onOpenAutoFocus?.(event);
      const content = event.currentTarget;
      if (event.defaultPrevented || !(content instanceof HTMLElement)) return;
      const body = content.querySelector<HTMLElement>('[data-dialog-body]');
      if (!body) return;
      const field = firstField(body);
      if (field) {
        event.preventDefault();
        field.focus();
        return;
      }
      const untouched = () => {
        const active = document.activeElement;
        return active === content || active === document.body || (active instanceof HTMLElement && active.hasAttribute('data-dialog-close'));
      };
      watcher.current?.disconnect();
      watcher.current = new MutationObserver(() => {
        const arrived = firstField(body);
        if (!arrived) return;
        watcher.current?.disconnect();
        if (untouched()) arrived.focus();
      });
      watcher.current.observe(body, { childList: true, subtree: true });
    },
    [onOpenAutoFocus],
  );
}

export function DialogContent({ className, children, width, height, onOpenAutoFocus, ...props }: DialogContentProps) {
  const layout = width === 'screen' ? 'screen' : 'framed';
  const focusFirstField = useFirstFieldFocus(onOpenAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content className={cn(dialogContentClassName(width, height), className)} onOpenAutoFocus={focusFirstField} {...props}>
        <div data-dialog-body="" className={bodyClassName[layout]}>
          {children}
        </div>
        <ToastSlot />
        {/* Outside the scrolling body: the close button stays at the top however far the body is scrolled. */}
        <DialogPrimitive.Close data-dialog-close="" className={closeClassName[layout]}>
          <X className={layout === 'screen' ? 'size-5' : 'size-4'} aria-hidden />
          <span className="sr-only">{de.common.close}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Stays at the top of the scrolling body, so the title is always in view. */
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('sticky top-0 z-10 -mx-4 flex flex-col gap-1.5 border-b border-border bg-background px-4 pb-3 pr-12 pt-4 md:-mx-6 md:px-6 md:pr-14 md:pt-6', className)}
      {...props}
    />
  );
}

/** Stays at the bottom of the scrolling body, so the buttons are in reach without scrolling to the end. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-border bg-background px-4 py-3 md:-mx-6 md:flex-row md:justify-end md:px-6', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-snug', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
