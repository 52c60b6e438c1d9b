import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isOverdue, todayInAustria } from '@bauakte/domain/labels';
import { SectionCard } from '../../../components/section-card';
import type { OwnOpenItem } from '@bauakte/domain/schemas';
import { pinKeys } from '../../../lib/query-keys';
import { questionLink } from '../../../lib/questionnaire-links';
import { selectProject } from '../../../platform/project/project-selection';
import { de } from '../../../i18n/de';
import { fetchOwnOpenItems } from './open-item-summaries-api';
import { ItemFactsLine } from './item-facts-line';
import { useLiveItemCounts } from './open-item-counts';
import { itemLinkPath } from './item-link';

const t = de.openItems;

const entryClassName = 'flex flex-col gap-1 rounded-md border p-2 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function PlanItemEntry({ item, today }: { item: Extract<OwnOpenItem, { anchor: 'PLAN' }>; today: string }) {
  const overdue = isOverdue(item, today);
  return (
    <li>
      <Link
        to={itemLinkPath(item.projectId, { ...item, pinId: item.id })}
        className={`${entryClassName} ${overdue ? 'border-destructive' : 'border-border'}`}
      >
        <span className="text-sm">
          <span className="font-semibold">{item.number}</span> · <span className="whitespace-pre-line break-words">{item.comment}</span>
        </span>
        <span className="text-xs text-muted-foreground">{t.inProject(item.projectName, item.planName, item.page)}</span>
        <ItemFactsLine status={item.status} kind={item.kind} dueDate={item.dueDate} overdue={overdue} />
      </Link>
    </li>
  );
}

/**
 * 'Ihre offenen Punkte': the items the user is responsible for and has not done, in every project,
 * by due date; each opens its plan in the viewer at the item, a follow-up on an answer ('Ihr Architekt
 * hat eine Rückfrage zu: …') the step at its question. Shown only while there are any.
 */
export function OwnOpenItems() {
  useLiveItemCounts();
  const items = useQuery({ queryKey: pinKeys.mine, queryFn: fetchOwnOpenItems });
  if (!items.data || items.data.length === 0) return null;
  const today = todayInAustria();
  return (
    <SectionCard title={t.mineTitle}>
      <ul aria-label={t.mineTitle} className="flex flex-col gap-2">
        {items.data.map((item) =>
          item.anchor === 'QUESTION' ? (
            <li key={`question-${item.id}`}>
              <Link to={questionLink(item.step, item.questionKey)} onClick={() => selectProject(item.projectId)} className={`${entryClassName} border-amber-500`}>
                <span className="text-sm font-medium">{t.followUpAbout(item.question)}</span>
                <span className="whitespace-pre-line break-words text-sm">{item.comment}</span>
                <span className="text-xs text-muted-foreground">{t.inProjectQuestion(item.projectName, de.questionnaire.titles[item.step])}</span>
              </Link>
            </li>
          ) : (
            <PlanItemEntry key={`plan-${item.id}`} item={item} today={today} />
          ),
        )}
      </ul>
    </SectionCard>
  );
}
