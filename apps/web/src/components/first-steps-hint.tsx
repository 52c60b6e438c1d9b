import { useId, type ReactNode } from 'react';
import { Lightbulb } from 'lucide-react';

interface FirstStepsHintProps {
  title: string;
  text: string;
  /** The button that takes the step, if the page offers it. */
  action?: ReactNode;
}

/** A page that is still empty says what to do first. */
export function FirstStepsHint({ title, text, action }: FirstStepsHintProps) {
  const titleId = useId();
  return (
    <aside aria-labelledby={titleId} className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-accent p-4 text-accent-foreground">
      <Lightbulb aria-hidden className="size-5 shrink-0" />
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm">{text}</p>
      </div>
      {action}
    </aside>
  );
}
