import { computeProgress, diffAnswers, type QuestionnaireChange, type QuestionnaireStep } from '@bauakte/domain';
import type { AccessPolicy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { notFound } from '../../platform/errors';
import type { FormNoticeService } from '../notifications/form-notices';
import type { ProjectRepository } from '../projects/repository';
import type { QuestionnaireRepository } from './repository';

export function createQuestionnaireService(deps: {
  answers: QuestionnaireRepository;
  projects: ProjectRepository;
  access: AccessPolicy;
  notices: FormNoticeService;
}) {
  const { answers, projects, access } = deps;

  /** The project's architects and its client may read and answer; for anyone else it does not exist. */
  async function visibleProject(caller: AuthUser, projectId: number) {
    const ref = await projects.findRef(projectId);
    if (!ref || !(await access.canSeeProject(caller, ref))) throw notFound();
    return ref;
  }

  return {
    /** A step's stored answers; a step never saved is an empty record, not an error. */
    async get(caller: AuthUser, projectId: number, step: QuestionnaireStep): Promise<Record<string, unknown>> {
      await visibleProject(caller, projectId);
      return ((await answers.record(projectId))[step] as Record<string, unknown> | undefined) ?? {};
    },

    /** Stores a validated step, logs what changed, updates progress and tells the architect. */
    async save(caller: AuthUser, projectId: number, step: QuestionnaireStep, stepAnswers: Record<string, unknown>): Promise<Record<string, unknown>> {
      const ref = await visibleProject(caller, projectId);
      const before = await answers.record(projectId);
      const changedAt = new Date().toISOString();
      const changes = diffAnswers(before[step] as Record<string, unknown> | undefined, stepAnswers);
      const answersChanged = Object.keys(changes).length > 0;
      const progressBefore = computeProgress(before);
      const progressAfter = computeProgress({ ...before, [step]: stepAnswers });

      await answers.save(projectId, step, stepAnswers, changedAt, caller.id);
      if (answersChanged) {
        const change: QuestionnaireChange = { step, changedBy: caller.username, changedAt, changes };
        await answers.addChange(projectId, change);
      }
      await projects.recordProgress(projectId, progressAfter, changedAt, answersChanged);

      const project = await projects.find(projectId);
      await deps.notices.afterSave({
        projectId,
        projectName: project?.name ?? '',
        architectId: ref.createdById,
        customerUsername: project?.assignedUser ?? null,
        savedById: caller.id,
        progressBefore,
        progressAfter,
        answersChanged,
      });
      return stepAnswers;
    },

    /** The change log, for the project's architects. */
    async changes(caller: AuthUser, projectId: number): Promise<QuestionnaireChange[]> {
      const ref = await visibleProject(caller, projectId);
      if (!(await access.canManageProject(caller, ref))) throw notFound();
      return answers.changes(projectId);
    },
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
