import {
  computeProgress, diffAnswers, mergeStepAnswers, questionnaireSchemas, type QuestionnaireChange, type QuestionnaireRecord,
  questionnaireSteps, type QuestionnaireStep, type StepPatch, pageWindow, type ListPageQuery,
} from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { BackgroundTasks } from '../../platform/background';
import { inTransaction, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { parseOrRefuse } from '../../platform/http/request-body';
import type { FormNoticeService, SavedQuestionnaire } from '../notifications/form-notices';
import { createProjectRepository } from '../projects/repository';
import { createQuestionnaireRepository, type QuestionnaireRepository, type SaveWrite } from './repository';

/** Reads and conditional writes a save tries before it holds the project's row instead. */
const optimisticAttempts = 3;

export function createQuestionnaireService(deps: { db: Db; answers: QuestionnaireRepository; notices: FormNoticeService; background: BackgroundTasks }) {
  /**
   * What one save writes, from the answers stored before it: the sent ones laid over the step's,
   * the whole step validated, the change for the log and the progress before and after.
   */
  function prepareSave(caller: AuthUser, project: CheckedProject, step: QuestionnaireStep, patch: StepPatch, before: QuestionnaireRecord) {
    const stepAnswers: Record<string, unknown> = parseOrRefuse(questionnaireSchemas[step], mergeStepAnswers(before[step], patch));
    const changedAt = new Date().toISOString();
    const changes = diffAnswers(before[step] as Record<string, unknown> | undefined, stepAnswers);
    const answersChanged = Object.keys(changes).length > 0;
    const progressBefore = computeProgress(before);
    const progressAfter = computeProgress({ ...before, [step]: stepAnswers } as QuestionnaireRecord);
    const change: QuestionnaireChange | undefined = answersChanged ? { step, changedBy: caller.username, changedAt, changes } : undefined;
    const write: SaveWrite = { projectId: project.id, step, answers: stepAnswers, at: changedAt, byId: caller.id, progress: progressAfter, ...(change ? { change } : {}) };
    const notice: SavedQuestionnaire = { projectId: project.id, architectId: project.createdById, savedById: caller.id, progressBefore, progressAfter, answersChanged };
    return { write, stepAnswers, notice };
  }

  /**
   * One save, all or nothing, and as if alone: parallel saves of the four steps end at the right
   * progress, and the log's 'from' values are what was really there before. First without holding
   * anything: read, then write only if no other save came in between (one round trip each); a save
   * that lost that race reads again. After a few lost races (many saves of one project at once),
   * it takes the project's row for the whole save, as every save once did.
   */
  async function saveAlone(caller: AuthUser, project: CheckedProject, step: QuestionnaireStep, patch: StepPatch) {
    for (let attempt = 0; attempt < optimisticAttempts; attempt++) {
      const read = await deps.answers.recordForSave(project.id);
      if (!read) throw notFound();
      const prepared = prepareSave(caller, project, step, patch, read.record);
      if (await deps.answers.writeSaveIfUnchanged(prepared.write, read.version)) return prepared;
    }
    return inTransaction(deps.db, async (trx) => {
      if (!(await createProjectRepository(trx).lock(project.id))) throw notFound();
      const answers = createQuestionnaireRepository(trx);
      const prepared = prepareSave(caller, project, step, patch, await answers.record(project.id));
      await answers.writeSave(prepared.write);
      return prepared;
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
      const { stepAnswers, notice } = await saveAlone(caller, project, step, patch);
      deps.background.run('questionnaire notice', () => deps.notices.afterSave(notice));
      return stepAnswers;
    },

    /** The change log, for the project's architects. */
    changes: (project: CheckedProject<'manage'>, page: ListPageQuery): Promise<QuestionnaireChange[]> => deps.answers.changes(project.id, pageWindow(page)),
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
