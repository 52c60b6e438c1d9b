import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A success text, announced politely (errors use FormError, which is an alert). */
export function StatusMessage({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="status" className={cn('text-sm font-medium text-green-800', className)}>
      {children}
    </p>
  );
}
