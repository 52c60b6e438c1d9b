import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionPhotoLimit, type ProjectFile, type QuestionPhoto } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePdf, samplePhoto, samplePng } from '../../test/sample-files';

describe.each(testDialects)('photos to questions of the questionnaire on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId: number;

  const as = (who: string) => bearer(tokens[who]!);

  async function addPhoto(who: string, question: string, file?: { name: string; bytes: Buffer }, extra: Array<[string, string]> = [], project = projectId) {
    const chosen = file ?? { name: 'typenschild.jpg', bytes: await samplePhoto() };
    const { payload, headers } = await multipartBody([
      ['projectId', String(project)],
      ['fileName', chosen.name],
      ['documentType', chosen.name.endsWith('.pdf') ? 'PDF' : chosen.name.endsWith('.png') ? 'PNG' : 'JPG'],
      ['question', question],
      ...extra,
      ['file', chosen],
    ]);
    return ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as(who) }, payload });
  }
  const photos = async (who: string, project = projectId) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${project}/question-photos`, headers: as(who) })).json<QuestionPhoto[]>();
  const plans = async (who: string) => (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}`, headers: as(who) })).json<ProjectFile[]>();
  const remove = (who: string, fileId: number) => ctx.app.inject({ method: 'DELETE', url: `/api/s3/question-photos/${fileId}`, headers: as(who) });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Klara', lastName: 'Kundin' });
    for (const name of ['mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Altbau', assignedUser: 'kunde' } });
    projectId = created.json<{ id: number }>().id;
  });
  afterAll(() => ctx.close());

  it('keeps a photo with its question, shown to the architect there and never among the plans', async () => {
    const added = await addPhoto('kunde', 'heatProducer');
    expect(added.statusCode).toBe(201);
    const file = added.json<ProjectFile>();
    expect(file.thumbnailUrl).not.toBeNull();

    const seen = await photos('mara');
    expect(seen.map((photo) => [photo.step, photo.question, photo.file.id, photo.file.uploadedBy])).toEqual([['heating', 'heatProducer', file.id, 'kunde']]);
    expect((await plans('mara')).map((plan) => plan.id)).not.toContain(file.id);
    expect((await ctx.app.inject({ method: 'GET', url: seen[0]!.file.thumbnailUrl! })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/question-photos`, headers: as('fremd') })).statusCode).toBe(404);
  });

  it('refuses a photo to a question that offers none, a PDF, a new version and more than the limit, in German', async () => {
    const notOffered = await addPhoto('kunde', 'numberOfStoreys');
    expect(notOffered.statusCode).toBe(400);
    expect(JSON.stringify(notOffered.json())).toContain('Zu dieser Frage kann kein Foto hinzugefügt werden.');

    const pdf = await addPhoto('kunde', 'roofType', { name: 'dach.pdf', bytes: samplePdf() });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ message: 'Bitte wählen Sie ein Foto (JPG oder PNG).' });

    const first = (await addPhoto('kunde', 'frameMaterial')).json<ProjectFile>();
    const version = await addPhoto('mara', 'frameMaterial', undefined, [['replaces', String(first.id)]]);
    expect(version.statusCode).toBe(400);
    const planVersion = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Plan'],
      ['documentType', 'PNG'],
      ['replaces', String(first.id)],
      ['file', { name: 'plan.png', bytes: await samplePng(40, 30) }],
    ]);
    const asPlanVersion = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...planVersion.headers, ...as('mara') }, payload: planVersion.payload });
    expect(asPlanVersion.statusCode).toBe(400);

    for (let count = 1; count < questionPhotoLimit; count++) expect((await addPhoto('kunde', 'frameMaterial', { name: `rahmen-${count}.png`, bytes: await samplePng(40, 30) })).statusCode).toBe(201);
    const beyond = await addPhoto('mara', 'frameMaterial', { name: 'rahmen-zu-viel.png', bytes: await samplePng(40, 30) });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ message: `Zu einer Frage können höchstens ${questionPhotoLimit} Fotos hinzugefügt werden. Bitte entfernen Sie zuerst ein Foto.` });
    expect((await photos('kunde')).filter((photo) => photo.question === 'frameMaterial')).toHaveLength(questionPhotoLimit);
  });

  it('lets the uploader or an architect remove a photo, and nobody else', async () => {
    const byArchitect = (await addPhoto('mara', 'typeOfGlass')).json<ProjectFile>();
    const refused = await remove('kunde', byArchitect.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Sie können nur Ihre eigenen Fotos entfernen.' });
    expect((await remove('fremd', byArchitect.id)).statusCode).toBe(404);

    const byClient = (await addPhoto('kunde', 'typeOfGlass')).json<ProjectFile>();
    expect((await remove('kunde', byClient.id)).statusCode).toBe(204);
    expect((await remove('mara', byArchitect.id)).statusCode).toBe(204);
    expect((await photos('mara')).filter((photo) => photo.question === 'typeOfGlass')).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: byClient.url })).statusCode).toBe(404);
  });

  it('drops the link when the file is deleted as a file, and with the project', async () => {
    const photo = (await addPhoto('kunde', 'temperatureRegulation')).json<ProjectFile>();
    const s3Key = `Projekt/${photo.url.split('/download/')[1]}`;
    const deleted = await ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: as('mara'), payload: { projectId, s3Key } });
    expect(deleted.statusCode).toBe(204);
    expect((await photos('mara')).some((listed) => listed.question === 'temperatureRegulation')).toBe(false);

    const other = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Neubau', assignedUser: 'kunde' } });
    const otherId = other.json<{ id: number }>().id;
    expect((await addPhoto('kunde', 'roofType', undefined, [], otherId)).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ProjectManagment/project/${otherId}`, headers: as('mara') })).statusCode).toBeLessThan(300);
    const left = await ctx.database.db.selectFrom('questionPhotos').select('id').where('projectId', '=', otherId).execute();
    expect(left).toEqual([]);
  });
});
