import { WifiOff } from 'lucide-react';
import { cn } from '../../lib/cn';

/** What is not on this device while there is no connection, and what to do: in place of what would load. */
export function NotKeptNotice({ children, className }: { children: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-start gap-2 text-sm font-medium', className)}>
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
