import type { ReactNode } from 'react';
import { Building2 } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from './ui/card';
import { LegalLinks } from './legal-links';
import { deStart as de } from '../i18n/de-start';

/**
 * The frame of the pages shown before login (the login page and the account pages): the app's
 * name, a card under the page's title, and the legal links. It loads with the login page, so its
 * texts come from de-start.ts and its classes are joined without the class merge (lib/cn.ts).
 */
export function PublicPage({ title, intro, wide = false, children }: { title: string; intro?: string; wide?: boolean; children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted p-4">
      <div className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <Building2 className="size-6 text-primary" aria-hidden />
        {de.app.name}
      </div>
      <Card className={wide ? 'w-full max-w-xl' : 'w-full max-w-sm'}>
        <CardHeader>
          <CardTitle level={1} size="large">
            {title}
          </CardTitle>
          {intro ? <CardDescription>{intro}</CardDescription> : null}
        </CardHeader>
        {children}
      </Card>
      <LegalLinks />
    </main>
  );
}
