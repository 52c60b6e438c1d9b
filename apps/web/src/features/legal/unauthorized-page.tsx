import { Link } from 'react-router';
import { ShieldX } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { useSession } from '../../platform/session/session-context';
import { homePathFor } from '../../platform/session/home-path';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UnauthorizedPage() {
  const { user } = useSession();
  useDocumentTitle(de.documentTitles.unauthorized);
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldX className="size-10 text-destructive" aria-hidden />
          <CardTitle level={1}>{de.unauthorized.title}</CardTitle>
        </CardHeader>
        <CardContent className="text-center text-muted-foreground">{de.unauthorized.text}</CardContent>
        <CardFooter className="justify-center">
          <Button asChild>
            {user ? <Link to={homePathFor(user.roles)}>{de.unauthorized.toHome}</Link> : <Link to="/login">{de.unauthorized.toLogin}</Link>}
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
