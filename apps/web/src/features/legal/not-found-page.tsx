import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(de.documentTitles.notFound);
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle level={1}>{de.app.notFoundTitle}</CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground">{de.app.notFoundText}</CardContent>
        <CardFooter className="justify-center">
          <Button asChild>
            <Link to="/">{de.app.toStart}</Link>
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
