import {
  computeProgress, diffAnswers, mergeStepAnswers, questionnaireSchemas, type QuestionnaireChange, type QuestionnaireRecord,
  questionnaireSteps, type QuestionnaireStep, type StepPatch, pageWindow, type ListPageQuery,
} from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { BackgroundTasks } from '../../platform/background';
import { inTransaction, type Db } from '../../platform/db/database';
import { parseOrRefuse } from '../../platform/http/request-body';
import type { FormNoticeService, SavedQuestionnaire } from '../notifications/form-notices';
import { createProjectRepository } from '../projects/repository';
import { createQuestionnaireRepository, type QuestionnaireRepository } from './repository';

export function createQuestionnaireService(deps: { db: Db; answers: QuestionnaireRepository; notices: FormNoticeService; background: BackgroundTasks }) {
  /**
   * One save, all or nothing: read the stored answers, lay the sent ones over them, validate the
   * whole step, write it, log the change and recompute progress — while holding the project's row,
   * so parallel saves of the four steps end at the right progress and the log's 'from' values are
   * what was really there before.
   */
  async function saveInTransaction(caller: AuthUser, project: CheckedProject, step: QuestionnaireStep, patch: StepPatch) {
    return inTransaction(deps.db, async (trx) => {
      const projects = createProjectRepository(trx);
      const answers = createQuestionnaireRepository(trx);
      await projects.lock(project.id);
      const before = await answers.record(project.id);
      const stepAnswers: Record<string, unknown> = parseOrRefuse(questionnaireSchemas[step], mergeStepAnswers(before[step], patch));
      const changedAt = new Date().toISOString();
      const changes = diffAnswers(before[step] as Record<string, unknown> | undefined, stepAnswers);
      const answersChanged = Object.keys(changes).length > 0;
      const progressBefore = computeProgress(before);
      const progressAfter = computeProgress({ ...before, [step]: stepAnswers } as QuestionnaireRecord);
      const change: QuestionnaireChange | undefined = answersChanged ? { step, changedBy: caller.username, changedAt, changes } : undefined;
      await answers.writeSave({ projectId: project.id, step, answers: stepAnswers, at: changedAt, byId: caller.id, progress: progressAfter, ...(change ? { change } : {}) });
      const notice: SavedQuestionnaire = {
        projectId: project.id,
        architectId: project.createdById,
        savedById: caller.id,
        progressBefore,
        progressAfter,
        answersChanged,
      };
      return { stepAnswers, notice };
    });
  }

  return {
    /** A step's stored answers; a step never saved is an empty record, not an error. */
    async get(project: CheckedProject, step: QuestionnaireStep): Promise<Record<string, unknown>> {
      return (await deps.answers.step(project.id, step)) ?? {};
    },

    /**
     * All four steps' stored answers at once ('Fragebogen fortsetzen' and the open questions after
     * the last save need every step): one check of the project and one read, not four of each. A
     * step never saved is an empty record, as its own GET answers.
     */
    async record(project: CheckedProject): Promise<Record<QuestionnaireStep, Record<string, unknown>>> {
      const stored = await deps.answers.record(project.id);
      return Object.fromEntries(questionnaireSteps.map((step) => [step, stored[step] ?? {}])) as Record<QuestionnaireStep, Record<string, unknown>>;
    },

    /**
     * Saves what was sent of a step (the rest stays as stored), then tells the architect once the
     * transaction is committed — after the answer: the notice cannot change what was saved, and
     * composing and sending a mail (with formAll after every change) made the client's save wait
     * several times longer than the save itself under load (bench/workload.ts).
     */
    async save(caller: AuthUser, project: CheckedProject, step: QuestionnaireStep, patch: StepPatch): Promise<Record<string, unknown>> {
      const { stepAnswers, notice } = await saveInTransaction(caller, project, step, patch);
      deps.background.run('questionnaire notice', () => deps.notices.afterSave(notice));
      return stepAnswers;
    },

    /** The change log, for the project's architects. */
    changes: (project: CheckedProject<'manage'>, page: ListPageQuery): Promise<QuestionnaireChange[]> => deps.answers.changes(project.id, pageWindow(page)),
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
