import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The red error text the spec places in the modal or form concerned. */
export function FormError({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={cn('text-sm font-medium text-destructive', className)}>
      {children}
    </p>
  );
}
