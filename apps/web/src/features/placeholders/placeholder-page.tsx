import { Construction } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { de } from '../../i18n/de';

/** An honest page for a route whose feature is still being built. */
export function PlaceholderPage({ title, standalone = false }: { title: string; standalone?: boolean }) {
  const card = (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle level={1} className="text-2xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex items-start gap-3 text-muted-foreground">
        <Construction className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>{de.placeholder.text}</p>
      </CardContent>
    </Card>
  );
  if (!standalone) return <div className="flex flex-col gap-4">{card}</div>;
  return <main className="flex min-h-svh items-center justify-center bg-muted p-4">{card}</main>;
}
