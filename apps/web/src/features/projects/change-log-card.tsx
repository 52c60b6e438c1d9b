import { useQuery } from '@tanstack/react-query';
import { distinctName, type QuestionnaireChange } from '@bauakte/domain';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { useLoadMore } from '../../lib/use-load-more';
import { answerText, changedAtText, changedFieldLabel } from './change-log';
import { fetchQuestionnaireChanges } from './projects-api';
import { projectKeys } from '../../lib/query-keys';
import { SectionCard } from './section-card';

const t = de.projectOverview;

/** Who saved, by name (username in brackets when two share it); by username once the account is gone. */
function changerName(entry: QuestionnaireChange, entries: readonly QuestionnaireChange[]): string {
  if (!entry.changedByPerson) return entry.changedBy;
  return distinctName(entry.changedByPerson, entries.flatMap((other) => (other.changedByPerson ? [other.changedByPerson] : [])));
}

/** 'Änderungsverlauf' (architects): every save of the questionnaire — who, when, what changed. */
export function ChangeLogCard({ projectId, className }: { projectId: string; className?: string }) {
  const changes = useQuery({ queryKey: projectKeys.changes(projectId), queryFn: () => fetchQuestionnaireChanges(projectId) });
  const more = useLoadMore({
    queryKey: projectKeys.changes(projectId),
    data: changes.data,
    fetchPage: (page) => fetchQuestionnaireChanges(projectId, page),
    keyOf: (entry) => `${entry.changedAt}-${entry.step}-${entry.changedBy}`,
  });
  return (
    <SectionCard title={t.changesTitle} className={className}>
      <QueryStates query={changes} errorText={t.changesLoadFailed} emptyText={t.noChanges}>
        {(entries) => (
          <div className="flex flex-col">
          <ol aria-label={t.changesCaption} className="flex max-h-96 flex-col gap-4 overflow-y-auto">
            {entries.map((entry) => (
              <li key={`${entry.changedAt}-${entry.step}-${entry.changedBy}`} className="flex flex-col gap-1">
                <p className="text-sm font-medium" title={entry.changedBy}>
                  {t.changeHeading(changedAtText(entry.changedAt), changerName(entry, entries), de.questionnaire.titles[entry.step])}
                </p>
                <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
                  {Object.entries(entry.changes).map(([path, change]) => (
                    <li key={path}>{t.changeLine(changedFieldLabel(path), answerText(path, change.from), answerText(path, change.to))}</li>
                  ))}
                </ul>
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
