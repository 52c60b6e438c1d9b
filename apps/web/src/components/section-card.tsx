import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card';

/** A titled card of the project overview, labelled by its heading. */
export function SectionCard({ title, action, className, children }: { title: string; action?: ReactNode; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={className}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle id={titleId} className="text-lg">
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
