import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { firstOpenStep, percentText, questionnaireSteps, type QuestionnaireRecord, type QuestionnaireStep } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { progressMax, progressPercent } from '../../components/project-progress';
import { selectProject } from '../../platform/project/project-selection';
import { questionnaireKeys } from '../../lib/query-keys';
import { isOnline } from '../../lib/online-status';
import { keptAnswer } from '../../platform/offline/read-cache';
import { stepPaths } from '../../lib/questionnaire-links';
import { fetchRecordOnDemand } from './record-on-demand';

const t = de.questionnaire;

/** 'Fragebogen fortsetzen (45 %)' while questions are open, 'Fragebogen ansehen' once all are answered. */
export function continueQuestionnaireLabel(progress: number | null | undefined): string {
  const percent = progressPercent(progress) ?? 0;
  return percent < progressMax ? t.continue(percentText(percent)) : t.view;
}


interface ContinueQuestionnaireButtonProps {
  projectId: number | string;
  /** The project's progress in percent, as the server reports it. */
  progress: number | null | undefined;
  className?: string;
}

/** The step to open from the answers this tab or device holds (none: the first step). */
function stepOfKept(record: QuestionnaireRecord | undefined): QuestionnaireStep {
  return record ? firstOpenStep(record) : questionnaireSteps[0];
}

/**
 * Opens the questionnaire of a project where the client left off: it chooses the project (as the
 * dashboard does) and goes to the first step with an unanswered question, else to the first step.
 * Without a connection it goes at once, by the answers kept on the device: a request that waits for
 * the connection would spin until it comes back and then move the page under the person's finger.
 */
export function ContinueQuestionnaireButton({ projectId, progress, className }: ContinueQuestionnaireButtonProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const id = String(projectId);

  const open = async () => {
    selectProject(id);
    const queryKey = questionnaireKeys.record(id);
    const kept = () => queryClient.getQueryData<QuestionnaireRecord>(queryKey) ?? keptAnswer<QuestionnaireRecord>(queryKey);
    if (!isOnline()) {
      void navigate(stepPaths[stepOfKept(kept())]);
      return;
    }
    setBusy(true);
    // Unreadable answers are no reason to stay: the step then says what went wrong. A lost connection
    // fails at once (no retry that would wait for it) and opens the step by what is kept.
    const step: QuestionnaireStep = await queryClient
      .fetchQuery({ queryKey, queryFn: () => fetchRecordOnDemand(id), staleTime: 0, retry: false, networkMode: 'always' })
      .then(firstOpenStep, () => stepOfKept(kept()));
    setBusy(false);
    void navigate(stepPaths[step]);
  };

  return (
    <Button variant="outline" busy={busy} onClick={() => void open()} className={className}>
      {busy ? null : <ClipboardList aria-hidden />}
      {continueQuestionnaireLabel(progress)}
    </Button>
  );
}
