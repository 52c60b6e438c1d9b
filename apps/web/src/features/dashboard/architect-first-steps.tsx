import { useQuery } from '@tanstack/react-query';
import { Plus, UserPlus } from 'lucide-react';
import { FirstStepsHint } from '../../components/first-steps-hint';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { customerKeys, fetchCustomers } from '../customers/customers-api';
import { useModal } from '../modals/modal-context';
import { countProjects, projectKeys } from '../projects/projects-api';

const t = de.dashboard.firstSteps;

/**
 * An architect whose team has no project yet: first a customer ('Legen Sie Ihren ersten Kunden
 * an'), then the project. Says nothing while loading, after an error, or once a project exists.
 */
export function ArchitectFirstSteps() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const { openModal } = useModal();
  const customers = useQuery({ queryKey: customerKeys.list(username), queryFn: () => fetchCustomers(username), enabled: user !== null });
  const projects = useQuery({ queryKey: projectKeys.count(username), queryFn: countProjects, enabled: user !== null });

  if (!customers.isSuccess || !projects.isSuccess || projects.data > 0) return null;
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
