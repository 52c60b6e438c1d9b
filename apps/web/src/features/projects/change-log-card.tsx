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

const keyOf = (entry: ProjectChange) =>
  entry.kind === 'QUESTIONNAIRE' ? `${entry.changedAt}-${entry.step}-${entry.changedBy}` : entry.kind === 'VERSION' ? `version-${entry.fileId}` : `pin-${entry.fileId}-${entry.pinNumber}`;

function ChangeEntry({ entry, entries }: { entry: ProjectChange; entries: readonly ProjectChange[] }) {
  const when = changedAtText(entry.changedAt);
  const who = changerName(entry, entries);
  if (entry.kind !== 'QUESTIONNAIRE') {
    const what = entry.kind === 'VERSION' ? t.newVersion(entry.version, entry.fileName) : t.newPin(entry.pinNumber, entry.fileName, shortComment(entry.comment));
    return (
      <>
        <p className="text-sm font-medium" title={entry.changedBy}>
          {t.planChangeHeading(when, who)}
        </p>
        <p className="text-sm text-muted-foreground">{what}</p>
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

/** 'Änderungsverlauf' (architects): every save of the questionnaire, new versions of plans and new pins — who, when, what. */
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
