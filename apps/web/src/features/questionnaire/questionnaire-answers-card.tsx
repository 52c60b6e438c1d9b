import { useQuery } from '@tanstack/react-query';
import { confirmedUnusualAnswers, unknownQuestions, type QuestionnaireRecord } from '@bauakte/domain/labels';
import { SectionCard } from '../../components/section-card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { questionnaireKeys } from '../../lib/query-keys';
import { fetchRecordOnDemand } from './record-on-demand';
import { QuestionPhotoOverview } from './question-photos';

const t = de.questionnaire;

/** What the client did not know, and the unusual answers they confirmed, each on a line. */
function AnswerNotes({ record }: { record: QuestionnaireRecord }) {
  const unknown = unknownQuestions(record);
  const confirmed = confirmedUnusualAnswers(record);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>{unknown.length > 0 ? t.unknownList(unknown.map((each) => each.question).join(', ')) : t.unknownNone}</p>
      {confirmed.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {confirmed.map((each) => (
            <li key={each.key}>{t.confirmedUnusual(each.question, each.answer)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The architect's card of the questionnaire on the project overview: what the client answered
 * 'Weiß ich nicht', so the architect knows what is left to find out on site, the unusual answers
 * the client confirmed, and the photos to questions beside the answers given.
 */
export function QuestionnaireAnswersCard({ projectId, className }: { projectId: string; className?: string }) {
  const record = useQuery({ queryKey: questionnaireKeys.record(projectId), queryFn: () => fetchRecordOnDemand(projectId) });
  return (
    <SectionCard title={t.unknownTitle} className={className}>
      {record.isPending ? <Spinner label={de.common.loading} /> : null}
      {record.isError ? <FormError>{t.loadFailed}</FormError> : null}
      {record.isSuccess ? <AnswerNotes record={record.data} /> : null}
      <QuestionPhotoOverview projectId={projectId} record={record.data} />
    </SectionCard>
  );
}
