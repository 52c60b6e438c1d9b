import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CircleCheck, X } from 'lucide-react';
import { openQuestions, type OpenStep } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { selectProject } from '../../platform/project/project-selection';
import { fetchQuestionnaireRecord } from './questionnaire-api';
import { questionnaireKeys } from '../../lib/query-keys';
import { questionLink } from '../../lib/questionnaire-links';

const t = de.questionnaire;

/** The open questions by step; each opens its step with the question focused (for this project). */
function OpenQuestionList({ projectId, open }: { projectId: string; open: OpenStep[] }) {
  if (open.length === 0) return <p>{t.savedAllAnswered}</p>;
  return (
    <div className="flex flex-col gap-4">
      <p>{t.savedOpenIntro}</p>
      {open.map(({ step, title, questions }) => (
        <section key={step} aria-label={t.openQuestionsOf(title)} className="flex flex-col gap-1">
          <h3 className="font-medium">{title}</h3>
          <ul className="flex flex-col gap-1 pl-1">
            {questions.map(({ key, question }) => (
              <li key={key}>
                <Link
                  to={questionLink(step, key)}
                  onClick={() => selectProject(projectId)}
                  className="inline-block py-1 text-sm text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {question}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The saved questionnaire's open questions; loaded with the answers' schemas only when a save was just made. */
export function SavedSummary({ projectId, onDismiss }: { projectId: string; onDismiss(): void }) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const record = useQuery({ queryKey: questionnaireKeys.record(projectId), queryFn: () => fetchQuestionnaireRecord(projectId) });

  // The page changed under the button the user pressed: the confirmation is where reading goes on.
  useEffect(() => title.current?.focus(), []);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle id={titleId} ref={title} tabIndex={-1} className="flex items-center gap-2 text-lg focus-visible:outline-none">
          <CircleCheck aria-hidden className="size-5 shrink-0 text-primary" />
          {t.savedTitle}
        </CardTitle>
        <Button variant="ghost" size="icon" aria-label={t.dismiss} onClick={onDismiss} className="-mt-2 shrink-0">
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent>
        {record.isPending ? <Spinner label={de.common.loading} /> : null}
        {record.isError ? <FormError>{t.savedOpenLoadFailed}</FormError> : null}
        {record.isSuccess ? <OpenQuestionList projectId={projectId} open={openQuestions(record.data)} /> : null}
      </CardContent>
    </Card>
  );
}
