import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { de } from '../../i18n/de';

interface LegalPageProps {
  title: string;
  isPending: boolean;
  /** The text shown when the operator details could not be loaded, else ''. */
  loadError: string;
  children: ReactNode;
}

/** The frame of Impressum and Datenschutzerklärung: open to everyone, a back button to the previous page. */
export function LegalPage({ title, isPending, loadError, children }: LegalPageProps) {
  const navigate = useNavigate();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <main className="mx-auto flex min-h-svh max-w-3xl flex-col gap-4 p-4 md:p-8">
      <div>
        <Button variant="outline" onClick={() => void goBack()}>
          <ArrowLeft aria-hidden />
          {de.impressum.back}
        </Button>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={1} size="large">
            {title}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? <p role="status">{de.common.loading}</p> : null}
          <FormError>{loadError}</FormError>
          {children}
        </CardContent>
      </Card>
    </main>
  );
}
