import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';

const t = de.chat;

/** Said once to screen readers while the blocks stand in for what loads. */
function LoadingText() {
  return (
    <span role="status" className="sr-only">
      {t.loading}
    </span>
  );
}

/** Three entries of the conversation list, each as high as a real one (name line and message line). */
export function ConversationListSkeleton() {
  return (
    <div className="flex flex-col gap-1">
      <LoadingText />
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex flex-col gap-1 px-3 py-2">
          <span className="flex h-6 items-center gap-2">
            <Skeleton className="size-2.5 rounded-full" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-3 w-10" />
          </span>
          <span className="flex h-5 items-center">
            <Skeleton className="h-3.5 w-3/4" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** Message bubbles, alternating sides, where the conversation's messages will stand. */
export function MessagesSkeleton() {
  return (
    <div className="flex flex-col gap-2">
      <LoadingText />
      {['w-2/3', 'w-1/2', 'w-3/5', 'w-2/5'].map((width, index) => (
        <div key={width} className={cn('flex max-w-[85%] flex-col gap-0.5', width, index % 2 === 0 ? 'self-start items-start' : 'self-end items-end')}>
          <Skeleton className="h-9 w-full rounded-lg" />
          <Skeleton className="h-3 w-12" />
        </div>
      ))}
    </div>
  );
}

/** A whole conversation before its name is known: header, messages and the composer's place. */
export function ConversationSkeleton() {
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3">
      <div className="flex h-11 items-center gap-2 border-b border-border pb-2">
        <Skeleton className="size-2.5 rounded-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="min-h-0 flex-1 overflow-hidden">
        <MessagesSkeleton />
      </div>
      <div className="flex flex-col gap-1 border-t border-border pt-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-3 w-56" />
      </div>
    </div>
  );
}
