import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Impressum } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { apiRequest } from '../../lib/api';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';

function Row({ term, children }: { term: string; children: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The legal notice; the back button returns to the previous page. */
export function ImpressumPage() {
  const navigate = useNavigate();
  useDocumentTitle(de.documentTitles.impressum);
  const { data, isError, isPending } = useQuery({
    queryKey: ['impressum'],
    queryFn: () => apiRequest<Impressum>('/impressum', { anonymous: true }),
    staleTime: Infinity,
  });
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
          <CardTitle level={1} className="text-2xl">
            {de.impressum.title}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? <p role="status">{de.common.loading}</p> : null}
          <FormError>{isError ? de.impressum.loadError : ''}</FormError>
          {data ? (
            <dl className="flex flex-col gap-3">
              <Row term={de.impressum.operator}>{data.company}</Row>
              <Row term={de.impressum.legalForm}>{data.legalForm}</Row>
              <Row term={de.impressum.address}>{`${data.street}, ${data.postalCode} ${data.city}, ${data.country}`}</Row>
              <Row term={de.impressum.phone}>{data.phone}</Row>
              <Row term={de.impressum.email}>{data.email}</Row>
              <Row term={de.impressum.registerNumber}>{data.registerNumber}</Row>
              <Row term={de.impressum.registerCourt}>{data.registerCourt}</Row>
              <Row term={de.impressum.vatId}>{data.vatId}</Row>
              <Row term={de.impressum.managingDirector}>{data.managingDirector}</Row>
              <Row term={de.impressum.businessPurpose}>{data.businessPurpose}</Row>
              <Row term={de.impressum.chamber}>{data.chamber}</Row>
            </dl>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
