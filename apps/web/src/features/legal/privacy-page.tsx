import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PrivacyNotice } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LegalPage } from './legal-page';

const t = de.privacy;

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{heading}</h2>
      {children}
    </section>
  );
}

const List = ({ items }: { items: readonly string[] }) => (
  <ul className="flex list-disc flex-col gap-1 pl-5">
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

const Paragraphs = ({ items }: { items: readonly string[] }) => items.map((item) => <p key={item}>{item}</p>);

function Notice({ notice }: { notice: PrivacyNotice }) {
  const { company, street, postalCode, city, country, email, phone } = notice.controller;
  const [storageIntro, ...storageItems] = t.storage;
  const storageNote = storageItems.pop();
  return (
    <div className="flex flex-col gap-6 text-sm leading-relaxed">
      <p>{t.intro}</p>
      <Section heading={t.controllerHeading}>
        <p>{t.controllerIntro}</p>
        <address className="not-italic">
          {company}
          <br />
          {street}, {postalCode} {city}, {country}
          <br />
          {t.phone(phone)}
          <br />
          {t.email(email)}
        </address>
      </Section>
      <Section heading={t.contactHeading}>
        <p>
          {t.contact}{' '}
          <a href={`mailto:${notice.contactEmail}`} className="text-primary underline underline-offset-4">
            {notice.contactEmail}
          </a>
        </p>
      </Section>
      <Section heading={t.dataHeading}>
        <List items={t.data} />
      </Section>
      <Section heading={t.purposeHeading}>
        <Paragraphs items={t.purpose} />
      </Section>
      <Section heading={t.recipientsHeading}>
        <p>{t.recipients}</p>
        <p className="font-medium">{notice.hosting}</p>
      </Section>
      <Section heading={t.retentionHeading}>
        <Paragraphs items={t.retention} />
      </Section>
      <Section heading={t.storageHeading}>
        <p>{storageIntro}</p>
        <List items={storageItems} />
        <p>{storageNote}</p>
      </Section>
      <Section heading={t.rightsHeading}>
        <p>{t.rights}</p>
        <p>{t.complaint}</p>
      </Section>
    </div>
  );
}

/** /datenschutz: the privacy notice, open to everyone; the controller's details are the Impressum's operator. */
export function PrivacyPage() {
  useDocumentTitle(de.documentTitles.privacy);
  const { data, isError, isPending } = useQuery({
    queryKey: ['privacy'],
    queryFn: () => apiRequest<PrivacyNotice>('/privacy', { anonymous: true }),
    staleTime: Infinity,
  });
  return (
    <LegalPage title={t.title} isPending={isPending} loadError={isError ? t.loadError : ''}>
      {data ? <Notice notice={data} /> : null}
    </LegalPage>
  );
}
