import { useQuery } from '@tanstack/react-query';
import { distinctName } from '@bauakte/domain/labels';
import type { ProjectChange } from '@bauakte/domain/schemas';
import { scrollRegionFocusRing } from '../../components/ui/scroll-region';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { cn } from '../../lib/cn';
import { useLoadMore } from '../../lib/use-load-more';
import { answerText, changedAtText, changedFieldLabel, shortComment } from '../../lib/change-log';
import { fetchProjectChanges, projectChangesQuery } from './projects-api';
import { projectKeys } from '../../lib/query-keys';
import { SectionCard } from '../../components/section-card';

const t = de.projectOverview;

/** Who changed it, by name (username in brackets when two share it); by the name kept once the account is gone. */
function changerName(entry: ProjectChange, entries: readonly ProjectChange[]): string {
  if (!entry.changedByPerson) return entry.changedBy;
  return distinctName(entry.changedByPerson, entries.flatMap((other) => (other.changedByPerson ? [other.changedByPerson] : [])));
}

function keyOf(entry: ProjectChange): string {
  switch (entry.kind) {
    case 'QUESTIONNAIRE':
      return `${entry.changedAt}-${entry.step}-${entry.changedBy}`;
    case 'VERSION':
      return `version-${entry.fileId}`;
    case 'PIN':
      return `pin-${entry.fileId}-${entry.pinNumber}`;
    case 'STATUS':
      return `status-${entry.fileId}-${entry.pinNumber}-${entry.changedAt}`;
    default:
      return `${entry.kind}-${entry.followUpId}`;
  }
}

/** What an entry other than a questionnaire save says, on one line. */
function planOrItemChange(entry: Exclude<ProjectChange, { kind: 'QUESTIONNAIRE' }>): string {
  switch (entry.kind) {
    case 'VERSION':
      return t.newVersion(entry.version, entry.fileName);
    case 'PIN':
      return t.newPin(entry.pinNumber, entry.fileName, shortComment(entry.comment));
    case 'STATUS':
      return t.statusChanged(entry.pinNumber, entry.fileName, de.pins.statusLabels[entry.from], de.pins.statusLabels[entry.to]);
    case 'FOLLOW_UP':
      return t.followUpRaised(de.questionnaire.questions[entry.questionKey], shortComment(entry.text));
    default:
      return t.followUpAnswered(de.questionnaire.questions[entry.questionKey], shortComment(entry.text));
  }
}

function ChangeEntry({ entry, entries }: { entry: ProjectChange; entries: readonly ProjectChange[] }) {
  const when = changedAtText(entry.changedAt);
  const who = changerName(entry, entries);
  if (entry.kind !== 'QUESTIONNAIRE') {
    return (
      <>
        <p className="text-sm font-medium" title={entry.changedBy}>
          {t.planChangeHeading(when, who)}
        </p>
        <p className="text-sm text-muted-foreground">{planOrItemChange(entry)}</p>
      </>
    );
  }
  return (
    <>
      <p className="text-sm font-medium" title={entry.changedBy}>
        {t.changeHeading(when, who, de.questionnaire.titles[entry.step])}
      </p>
      <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
        {Object.entries(entry.changes).map(([path, change]) => (
          <li key={path}>{t.changeLine(changedFieldLabel(path), answerText(path, change.from), answerText(path, change.to))}</li>
        ))}
      </ul>
    </>
  );
}

/** 'Änderungsverlauf' (architects): every save of the questionnaire, new versions of plans, new pins, items' status changes and follow-ups — who, when, what. */
export function ChangeLogCard({ projectId, className }: { projectId: string; className?: string }) {
  const changes = useQuery(projectChangesQuery(projectId));
  const more = useLoadMore({
    queryKey: projectKeys.changes(projectId),
    data: changes.data,
    fetchPage: (page) => fetchProjectChanges(projectId, page),
    keyOf,
  });
  return (
    <SectionCard title={t.changesTitle} className={className}>
      <QueryStates query={changes} errorText={t.changesLoadFailed} emptyText={t.noChanges}>
        {(entries) => (
          <div className="flex flex-col">
            <ol aria-label={t.changesCaption} tabIndex={0} className={cn('flex max-h-96 flex-col gap-4 overflow-y-auto p-1', scrollRegionFocusRing)}>
              {entries.map((entry) => (
                <li key={keyOf(entry)} className="flex flex-col gap-1">
                  <ChangeEntry entry={entry} entries={entries} />
                </li>
              ))}
            </ol>
            <LoadMoreButton more={more} />
          </div>
        )}
      </QueryStates>
    </SectionCard>
  );
}
