import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { MessageCircleQuestionMark } from 'lucide-react';
import { can, isOverdue, liveDestinations, participantName, pinKinds, pinStatuses, todayInAustria } from '@bauakte/domain/labels';
import type { FollowUp, PlanOpenItem } from '@bauakte/domain/schemas';
import { SectionCard } from '../../../components/section-card';
import { FormError } from '../../../components/ui/form-error';
import { StatusMessage } from '../../../components/ui/status-message';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { pinKeys } from '../../../lib/query-keys';
import { useLoadMore } from '../../../lib/use-load-more';
import { initialFilter, queryOf, type Filter } from './open-items-query';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useLiveReread } from '../../../platform/live/use-live-reread';
import { de } from '../../../i18n/de';
import { projectFilesQuery } from '../files-api';
import { downloadOpenItemsPdf, fetchAssignees, fetchOpenItems, openItemsPageSize } from './pins-api';
import { ItemFactsLine } from './item-facts-line';
import { Button } from '../../../components/ui/button';
import { errorContexts } from '../../../lib/error-contexts';
import { saveFile } from '../../../lib/save-file';
import { useServerAction } from '../../../platform/actions/use-server-action';
import { useSession } from '../../../platform/session/session-context';
import { selectProject } from '../../../platform/project/project-selection';
import { questionLink } from '../../../lib/questionnaire-links';
import { withItemLink } from './item-link';

const t = de.openItems;
const p = de.pins;

function Filters({ projectId, filter, onChange }: { projectId: string; filter: Filter; onChange(filter: Filter): void }) {
  const ids = useId();
  const assignees = useQuery({ queryKey: pinKeys.assignees(projectId), queryFn: () => fetchAssignees(projectId) });
  const files = useQuery(projectFilesQuery(projectId));
  const set = (key: keyof Filter) => (event: { target: { value: string } }) => onChange({ ...filter, [key]: event.target.value });
  const statusOptions = [{ value: 'UNERLEDIGT', label: t.notDone }, ...pinStatuses.map((status) => ({ value: status, label: p.statusLabels[status] }))];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <SelectField id={`${ids}-status`} label={p.status} placeholder={t.all} options={statusOptions} value={filter.status} onChange={set('status')} />
      <SelectField
        id={`${ids}-responsible`}
        label={p.responsible}
        placeholder={t.all}
        options={(assignees.data ?? []).map((person) => ({ value: person.username, label: participantName(person) }))}
        value={filter.responsible}
        onChange={set('responsible')}
      />
      <SelectField id={`${ids}-kind`} label={p.kind} placeholder={t.all} options={pinKinds.map((kind) => ({ value: kind, label: p.kindLabels[kind] }))} value={filter.kind} onChange={set('kind')} />
      <SelectField id={`${ids}-plan`} label={t.plan} placeholder={t.all} options={(files.data ?? []).map((file) => ({ value: String(file.planId), label: file.name }))} value={filter.planId} onChange={set('planId')} />
      <SelectField
        id={`${ids}-due`}
        label={t.due}
        placeholder={t.all}
        options={[
          { value: 'OVERDUE', label: t.dueOverdue },
          { value: 'UNTIL', label: t.dueUntil },
        ]}
        value={filter.due}
        onChange={set('due')}
      />
      {filter.due === 'UNTIL' ? <TextField id={`${ids}-until`} type="date" label={t.dueUntilDate} value={filter.dueUntil} onChange={set('dueUntil')} /> : null}
    </div>
  );
}

/** 'Offene Punkte als PDF' with the card's current filters: an export, so the architects'. */
function PdfButton({ projectId, query }: { projectId: string; query: Record<string, string> }) {
  const { user } = useSession();
  const download = useServerAction<Record<string, string>, string>({
    action: async (filter) => {
      const file = await downloadOpenItemsPdf(projectId, filter);
      saveFile(file.blob, file.fileName);
      return t.pdfSaved(file.fileName);
    },
    itemOf: () => 'pdf',
    status: (done) => done,
    errors: errorContexts.openItemsPdf,
  });
  if (!can(user, 'export')) return null;
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" size="sm" className="min-h-11 self-start" disabled={download.isBusy('pdf')} onClick={() => void download.run(query)}>
        {t.pdf}
      </Button>
      <FormError>{download.error}</FormError>
      <StatusMessage>{download.status}</StatusMessage>
    </div>
  );
}

/** A follow-up on an answer ('Rückfrage'): where it lies in the questionnaire; a tap opens the step at the question. */
function QuestionItemEntry({ item, onOpen }: { item: FollowUp; onOpen(): void }) {
  return (
    <li className="rounded-md border border-border p-2">
      <button type="button" className="flex w-full flex-col gap-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={onOpen} aria-label={t.openQuestion(item.question)}>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-amber-500 text-white">
            <MessageCircleQuestionMark className="size-4" />
          </span>
          <span className="min-w-0 flex-1 whitespace-pre-line break-words">{item.comment}</span>
        </span>
        <span className="text-xs text-muted-foreground">{t.whereQuestion(de.questionnaire.titles[item.step], item.question)}</span>
        <ItemFactsLine status={item.status} kind={item.kind} dueDate={null} overdue={false} responsible={item.responsible} />
      </button>
    </li>
  );
}

function ItemEntry({ item, today, onOpen }: { item: PlanOpenItem; today: string; onOpen(): void }) {
  const overdue = isOverdue(item, today);
  return (
    <li className={`rounded-md border p-2 ${overdue ? 'border-destructive' : 'border-border'}`}>
      <button type="button" className="flex w-full flex-col gap-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={onOpen} aria-label={t.open(item.number, item.planName)}>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-red-600 text-sm font-semibold text-white">
            {item.number}
          </span>
          <span className="min-w-0 flex-1 whitespace-pre-line break-words">{item.comment}</span>
        </span>
        <span className="text-xs text-muted-foreground">{t.where(item.planName, item.fileVersion, item.page)}</span>
        <ItemFactsLine status={item.status} kind={item.kind} dueDate={item.dueDate} overdue={overdue} responsible={item.responsible} />
      </button>
    </li>
  );
}

/**
 * 'Offene Punkte' of a project: every pin of every plan and version as an item, and every follow-up
 * on an answer of the questionnaire ('Rückfrage'), filtered, by due date (none last), overdue ones
 * marked; a tap opens the plan in the viewer at the item, or the step at the question.
 */
export function OpenItemsCard({ projectId, className }: { projectId: string; className?: string }) {
  const [filter, setFilter] = useState(initialFilter);
  const [, setParams] = useSearchParams();
  // Read again whenever the live channel says one of the project's items changed.
  useLiveReread(liveDestinations.projectPins(Number(projectId)), [pinKeys.openItems(projectId)]);
  const query = queryOf(filter);
  const queryKey = pinKeys.openItemsFiltered(projectId, query);
  const items = useQuery({ queryKey, queryFn: () => fetchOpenItems(projectId, query), placeholderData: keepPreviousData });
  const more = useLoadMore({ queryKey, data: items.data, fetchPage: (page) => fetchOpenItems(projectId, query, page), keyOf: (item) => `${item.anchor}-${item.id}`, pageSize: openItemsPageSize });
  const today = todayInAustria();
  const navigate = useNavigate();
  const openQuestion = (item: FollowUp) => {
    selectProject(projectId);
    void navigate(questionLink(item.step, item.questionKey));
  };
  const open = (item: PlanOpenItem) => setParams((current) => withItemLink(current, { ...item, pinId: item.id }));
  const list = items.data ?? [];
  return (
    <SectionCard title={t.title} className={className} action={items.data ? <span className="text-sm text-muted-foreground">{more.hasMore ? t.countMore(list.length) : t.count(list.length)}</span> : undefined}>
      <div className="flex flex-col gap-4">
        <Filters projectId={projectId} filter={filter} onChange={setFilter} />
        <PdfButton projectId={projectId} query={query} />
        <FormError>{items.isError ? t.loadFailed : ''}</FormError>
        {items.isSuccess && list.length === 0 ? <p className="text-sm text-muted-foreground">{t.none}</p> : null}
        <ul className="flex flex-col gap-2" aria-label={t.title}>
          {list.map((item) =>
            item.anchor === 'QUESTION' ? (
              <QuestionItemEntry key={`question-${item.id}`} item={item} onOpen={() => openQuestion(item)} />
            ) : (
              <ItemEntry key={`plan-${item.id}`} item={item} today={today} onOpen={() => open(item)} />
            ),
          )}
        </ul>
        <LoadMoreButton more={more} />
      </div>
    </SectionCard>
  );
}
