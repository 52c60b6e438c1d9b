import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus, UserPlus } from 'lucide-react';
import { FirstStepsHint } from '../../components/first-steps-hint';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { fetchCustomers } from '../../lib/customer-list';
import { customerKeys } from '../../lib/query-keys';
import { useModal } from '../../platform/modals/modal-context';
import { allProjectsFilter, projectSearchPageSize, projectSearchQuery } from '../projects/projects-api';

const t = de.dashboard.firstSteps;

/**
 * An architect whose team has no project yet: first a customer ('Legen Sie Ihre erste Kundin oder
 * Ihren ersten Kunden an'), then the project. Says nothing while loading, after an error, or once a project exists.
 * The count is the total of 'Alle Projekte' (the same query, asked once), and the customers are
 * asked only when there is no project: a dashboard of an office at work makes neither request.
 */
export function ArchitectFirstSteps() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const { openModal } = useModal();
  const projects = useInfiniteQuery({ ...projectSearchQuery(username, allProjectsFilter, projectSearchPageSize), enabled: user !== null });
  const noProject = projects.data?.pages[0]?.total === 0;
  const customers = useQuery({ queryKey: customerKeys.list(username), queryFn: () => fetchCustomers(username), enabled: user !== null && noProject });

  if (!noProject || !customers.isSuccess) return null;
  if (customers.data.length === 0) {
    return (
      <FirstStepsHint
        title={t.customerTitle}
        text={t.customerText}
        action={
          <Button onClick={() => openModal('CreateUser')}>
            <UserPlus aria-hidden />
            {t.customerAction}
          </Button>
        }
      />
    );
  }
  return (
    <FirstStepsHint
      title={t.projectTitle}
      text={t.projectText}
      action={
        <Button onClick={() => openModal('CreateProject')}>
          <Plus aria-hidden />
          {t.projectAction}
        </Button>
      }
    />
  );
}
