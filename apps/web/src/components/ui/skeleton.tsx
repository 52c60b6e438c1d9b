import { cn } from '../../lib/cn';

/**
 * A grey block in the size of what is still loading, so that nothing moves when it arrives. Hidden
 * from screen readers: the region that loads says so once (e.g. a status text).
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block animate-pulse rounded-md bg-muted', className)} />;
}
