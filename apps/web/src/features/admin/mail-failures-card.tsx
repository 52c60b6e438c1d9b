import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MailFailure } from '@bauakte/domain/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DataTable } from '../../components/ui/data-table';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { mailFailuresQuery } from './admin-api';

const t = de.admin.mailFailures;

function FailureRow({ failure }: { failure: MailFailure }) {
  return (
    <tr className="border-b border-border align-top last:border-0">
      <td className="py-2 pr-4 break-all">{failure.recipient}</td>
      <td className="py-2 pr-4">{failure.subject}</td>
      <td className="py-2 pr-4">{failure.attempts}</td>
      <td className="py-2 pr-4 break-words text-muted-foreground">{failure.lastError}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{dateTimeText(failure.lastAttemptAt)}</td>
      <td className="py-2">{failure.nextAttemptAt ? t.retrying(dateTimeText(failure.nextAttemptAt)) : t.gaveUp}</td>
    </tr>
  );
}

/** Mails the mail server did not take in the last day: still being retried, or given up. */
export function MailFailuresCard() {
  const titleId = useId();
  // The sender retries in the background: the list follows it while the page is open.
  const failures = useQuery({ ...mailFailuresQuery, refetchInterval: 60_000 });

  return (
    <Card className="lg:col-span-2" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates query={failures} errorText={t.loadFailed} emptyText={t.empty}>
          {(items) => (
            <DataTable caption={t.caption} columns={[t.recipient, t.subject, t.attempts, t.lastError, t.lastAttempt, t.status]}>
              {items.map((failure) => (
                <FailureRow key={failure.id} failure={failure} />
              ))}
            </DataTable>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
