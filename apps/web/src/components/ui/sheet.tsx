import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;

/** A panel sliding in from the left edge: the sidebar on phones. */
export function SheetContent({ className, children, ...props }: ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <SheetPrimitive.Content className={cn('fixed inset-y-0 left-0 z-50 flex h-full flex-col bg-sidebar shadow-lg', className)} {...props}>
        {children}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
