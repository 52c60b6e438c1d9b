import { useQuery } from '@tanstack/react-query';
import type { Impressum } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LegalPage } from './legal-page';

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
  useDocumentTitle(de.documentTitles.impressum);
  const { data, isError, isPending } = useQuery({
    queryKey: ['impressum'],
    queryFn: () => apiRequest<Impressum>('/impressum', { anonymous: true }),
    staleTime: Infinity,
  });

  return (
    <LegalPage title={de.impressum.title} isPending={isPending} loadError={isError ? de.impressum.loadError : ''}>
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
    </LegalPage>
  );
}
