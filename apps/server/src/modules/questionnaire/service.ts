import {
  computeProgress, diffAnswers, mergeStepAnswers, questionnaireSchemas, type ProjectChange, type QuestionnaireChange, type QuestionnaireConflict, type QuestionnaireRecord,
  questionnaireSteps, type QuestionnaireStep, type StepPatch, pageWindow, type ListPageQuery, samePathOrNested, serverMessages, stepVersionTag, settledAnswers, confirmedAnswers, questionValue, unconfirmedValues, withStandingConfirmations,
} from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { BackgroundTasks } from '../../platform/background';
import type { DataLayer } from '../../platform/db/repositories';
import { AppError, badRequest, fieldError } from '../../platform/errors';
import { parseOrRefuse } from '../../platform/http/request-body';
import type { FormNoticeService, SavedQuestionnaire } from '../notifications/form-notices';
import { unsavedStep, type QuestionnaireRepository, type StepVersion } from './repository';

/** The answers a save changes that someone else changed after the version it was based on. */
function conflictingFields(stored: StepVersion, basedOn: number, changed: readonly string[]): string[] {
  const changedSince = Object.entries(stored.fieldVersions).flatMap(([path, version]) => (version > basedOn ? [path] : []));
  return changed.filter((path) => changedSince.some((other) => samePathOrNested(path, other)));
}

/**
 * A step's answers before a save, for telling which answers it changes: a step never saved as the
 * schema fills it in (the roof flags default to 'Nein'), as the pages show it. A first save that
 * leaves such a default has not answered that question, so someone else who does is not refused.
 */
function answersBefore(step: QuestionnaireStep, stored: unknown): Record<string, unknown> {
  if (stored !== undefined) return stored as Record<string, unknown>;
  const empty = questionnaireSchemas[step].safeParse({});
  return empty.success ? empty.data : {};
}

/**
 * A step's answers with the confirmations of unusual values that still stand: a confirmation holds
 * for the value confirmed, so a save that changes that value without confirming again drops it, as
 * does one after which the value is no longer unusual.
 */
function withConfirmationsOfSave(before: QuestionnaireRecord, step: QuestionnaireStep, patch: StepPatch, answers: Record<string, unknown>): Record<string, unknown> {
  const stored = before[step];
  const kept = 'confirmed' in patch ? confirmedAnswers(answers) : confirmedAnswers(answers).filter((key) => JSON.stringify(questionValue(stored, key)) === JSON.stringify(questionValue(answers, key)));
  return withStandingConfirmations(before, step, { ...answers, confirmed: kept });
}

/** Refuses (400, beside the field) a save that leaves an unusual value of its step unconfirmed. */
function refuseUnconfirmed(before: QuestionnaireRecord, step: QuestionnaireStep, answers: Record<string, unknown>): void {
  const [unconfirmed] = unconfirmedValues({ ...before, [step]: answers }, step);
  if (unconfirmed) throw fieldError('VALIDATION_FAILED', unconfirmed.field, serverMessages.unusualValueUnconfirmed(unconfirmed.warning));
}

/** The step's version after a save: one more, with the changed answers marked, when anything changed. */
function versionAfter(stored: StepVersion, changed: readonly string[]): StepVersion {
  if (changed.length === 0) return stored;
  const version = stored.version + 1;
  return { version, fieldVersions: { ...stored.fieldVersions, ...Object.fromEntries(changed.map((path) => [path, version])) } };
}

/** A step's answers with their version, as GET answers them (version 0 for a step never saved). */
export interface VersionedAnswers {
  answers: Record<string, unknown>;
  version: number;
}

export function createQuestionnaireService(deps: { data: DataLayer; notices: FormNoticeService; background: BackgroundTasks }) {
  /**
   * One save, all or nothing: read the stored answers, lay the sent ones over them, validate the
   * whole step, clear what its answers hide (conditions.ts), write it, log the change and recompute progress — while holding the project's row,
   * so parallel saves of the four steps end at the right progress and the log's 'from' values are
   * what was really there before.
   */
  async function saveInTransaction(caller: AuthUser, project: CheckedProject, step: QuestionnaireStep, patch: StepPatch, basedOn: number | undefined) {
    return deps.data.transaction(async ({ projects, questionnaire: answers }) => {
      await projects.lock(project.id);
      const { record: before, versions } = await answers.stored(project.id);
      const stored = versions[step] ?? unsavedStep;
      if (basedOn !== undefined && basedOn > stored.version) throw badRequest(serverMessages.ifMatchInvalid);
      // An answer the step's other answers hide is cleared, so the change log shows it as removed; a
      // value given wins over an earlier 'Weiß ich nicht'.
      const parsed: Record<string, unknown> = settledAnswers(step, parseOrRefuse(questionnaireSchemas[step], mergeStepAnswers(before[step], patch)));
      const stepAnswers = withConfirmationsOfSave(before, step, patch, parsed);
      refuseUnconfirmed(before, step, stepAnswers);
      const changedAt = new Date().toISOString();
      const changes = diffAnswers(before[step] as Record<string, unknown> | undefined, stepAnswers);
      const changedPaths = Object.keys(diffAnswers(answersBefore(step, before[step]), stepAnswers));
      const conflicts = basedOn === undefined ? [] : conflictingFields(stored, basedOn, changedPaths);
      if (conflicts.length > 0) throw await conflictError(answers, project.id, step, before[step], stored.version, conflicts);
      const answersChanged = Object.keys(changes).length > 0;
      const progressBefore = computeProgress(before);
      const progressAfter = computeProgress({ ...before, [step]: stepAnswers } as QuestionnaireRecord);
      const change: QuestionnaireChange | undefined = answersChanged ? { step, changedBy: caller.username, changedAt, changes } : undefined;
      const after = versionAfter(stored, changedPaths);
      await answers.writeSave({
        projectId: project.id,
        step,
        answers: stepAnswers,
        versions: after,
        at: changedAt,
        byId: caller.id,
        progress: progressAfter,
        ...(change ? { change } : {}),
      });
      const notice: SavedQuestionnaire = {
        projectId: project.id,
        architectId: project.createdById,
        savedById: caller.id,
        progressBefore,
        progressAfter,
        answersChanged,
      };
      return { saved: { answers: stepAnswers, version: after.version }, notice };
    });
  }

  /** 409: the step as it is now, who saved it last and when, and the answers both changed. */
  async function conflictError(
    answers: QuestionnaireRepository,
    projectId: number,
    step: QuestionnaireStep,
    current: unknown,
    version: number,
    fields: string[],
  ): Promise<AppError> {
    // A version above 0 was made by a save that changed something, and every such save is logged.
    const last = await answers.lastChange(projectId, step);
    const details: Omit<QuestionnaireConflict, 'message' | 'code'> = {
      answers: (current ?? {}) as Record<string, unknown>,
      version,
      savedBy: last?.by ?? { username: '', firstName: '', lastName: '' },
      savedAt: last?.at ?? '',
      fields,
    };
    return new AppError('QUESTIONNAIRE_CONFLICT', serverMessages.questionnaireConflict, { headers: { etag: stepVersionTag(version) }, details });
  }

  return {
    /** A step's stored answers and version; a step never saved is an empty record at version 0, not an error. */
    async get(project: CheckedProject, step: QuestionnaireStep): Promise<VersionedAnswers> {
      return (await deps.data.repos.questionnaire.step(project.id, step)) ?? { answers: {}, version: 0 };
    },

    /**
     * All four steps' stored answers at once ('Fragebogen fortsetzen' and the open questions after
     * the last save need every step): one check of the project and one read, not four of each. A
     * step never saved is an empty record, as its own GET answers.
     */
    async record(project: CheckedProject): Promise<Record<QuestionnaireStep, VersionedAnswers>> {
      const { record, versions } = await deps.data.repos.questionnaire.stored(project.id);
      return Object.fromEntries(
        questionnaireSteps.map((step) => [step, { answers: record[step] ?? {}, version: versions[step]?.version ?? 0 }]),
      ) as Record<QuestionnaireStep, VersionedAnswers>;
    },

    /**
     * Saves what was sent of a step (the rest stays as stored), then tells the architect once the
     * transaction is committed — after the answer: the notice cannot change what was saved, and
     * composing and sending a mail (with formAll after every change) takes longer than the save
     * itself, and the client's save would wait for it.
     */
    async save(caller: AuthUser, project: CheckedProject, step: QuestionnaireStep, patch: StepPatch, basedOn?: number): Promise<VersionedAnswers> {
      const { saved, notice } = await saveInTransaction(caller, project, step, patch, basedOn);
      deps.background.run('questionnaire notice', () => deps.notices.afterSave(notice));
      return saved;
    },

    /** The change log, for the project's architects. */
    /** The project's change log: questionnaire saves, new plan versions and new pins, newest first. */
    changes: (project: CheckedProject<'manage'>, page: ListPageQuery): Promise<ProjectChange[]> => deps.data.repos.questionnaire.projectChanges(project.id, pageWindow(page)),
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
