import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccessPolicy } from '../../platform/access/access';
import { createAccessRepository } from '../../platform/access/repository';
import type { AuthUser } from '../../platform/auth/sessions';
import { createBackgroundTasks } from '../../platform/background';
import type { DatabaseHandle } from '../../platform/db/database';
import { createTestContext, testDialects, type TestContext } from '../../test/test-app';
import type { FormNoticeService } from '../notifications/form-notices';
import { createQuestionnaireRepository, type SaveWrite } from './repository';
import { createQuestionnaireService } from './service';

/** A save whose read another save overtook: it must write nothing, and the service must read again. */
describe.each(testDialects)('a questionnaire save that loses a race, on %s', (dialect) => {
  let ctx: TestContext;
  let database: DatabaseHandle;
  let client: AuthUser;
  let projectId: number;

  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    database = ctx.database;
    const now = new Date().toISOString();
    const architect = { id: await ctx.createUser({ username: 'mara', role: 'ARCHI' }) };
    const customer = { id: await ctx.createUser({ username: 'kunde', role: 'CLIENT', createdById: architect.id }) };
    client = { id: customer.id, username: 'kunde', role: 'CLIENT', roles: ['CLIENT'], sessionId: 's' };
    const project = await database.db
      .insertInto('projects')
      .values({ name: 'Haus Huber', assignedUserId: customer.id, createdById: architect.id, changedAt: now, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectId = project.id;
  });
  afterEach(async () => {
    await ctx.close();
  });

  const generalSave = (direction: string, at: string): SaveWrite => ({
    projectId,
    step: 'general',
    answers: { direction },
    at,
    byId: client.id,
    progress: 5,
    change: { step: 'general', changedBy: 'kunde', changedAt: at, changes: { direction: { from: null, to: direction } } },
  });
  const stored = async () => ({
    answers: await createQuestionnaireRepository(database.db).record(projectId),
    log: await database.db.selectFrom('questionnaireChanges').select('changes').where('projectId', '=', projectId).execute(),
    project: await database.db.selectFrom('projects').select(['progress', 'answersVersion']).where('id', '=', projectId).executeTakeFirstOrThrow(),
  });

  it('writes nothing when another save came between its read and its write', async () => {
    const answers = createQuestionnaireRepository(database.db);
    const mine = await answers.recordForSave(projectId);
    const theirs = await answers.recordForSave(projectId);
    expect(mine?.version).toBe(0);
    expect(await answers.writeSaveIfUnchanged(generalSave('N', '2026-11-26T06:00:00.000Z'), theirs!.version)).toBe(true);

    expect(await answers.writeSaveIfUnchanged({ ...generalSave('S', '2026-11-26T06:00:01.000Z'), progress: 9 }, mine!.version)).toBe(false);
    const after = await stored();
    expect(after.answers).toEqual({ general: { direction: 'N' } });
    expect(after.log).toHaveLength(1);
    expect(after.project).toEqual({ progress: 5, answersVersion: 1 });
    expect((await answers.recordForSave(projectId))?.version).toBe(1);
  });

  it('saves by holding the project once every conditional write has lost, and answers 404 for a project gone', async () => {
    const real = createQuestionnaireRepository(database.db);
    let conditionalWrites = 0;
    const alwaysOvertaken = {
      ...real,
      writeSaveIfUnchanged: async () => {
        conditionalWrites++;
        return false;
      },
    };
    const notices = { afterSave: async () => {} } as unknown as FormNoticeService;
    const service = createQuestionnaireService({ db: database.db, answers: alwaysOvertaken, notices, background: createBackgroundTasks(ctx.app.log) });
    const access = createAccessPolicy(createAccessRepository(database.db));
    const project = await access.project(client, projectId, 'read');

    const saved = await service.save(client, project, 'general', { direction: 'O', constructionYear: 1965 });
    expect(saved).toMatchObject({ direction: 'O', constructionYear: 1965 });
    expect(conditionalWrites).toBe(3);
    const after = await stored();
    expect(after.answers.general).toMatchObject({ direction: 'O', constructionYear: 1965 });
    expect(after.log).toHaveLength(1);
    expect(after.project.answersVersion).toBe(1);

    await database.db.deleteFrom('projects').where('id', '=', projectId).execute();
    await expect(service.save(client, project, 'general', { direction: 'S' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
