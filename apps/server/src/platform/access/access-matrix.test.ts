import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePdf, samplePng } from '../../test/sample-files';

/**
 * Every API route × every kind of caller, with the status each must get. A route that is not in
 * this table fails the test: whoever adds a route decides here who may use it.
 */
const actors = ['none', 'admin', 'owner', 'teammate', 'foreign', 'client', 'foreignClient'] as const;
type Actor = (typeof actors)[number];
type Statuses = Record<Actor, number>;

const usernames: Record<Exclude<Actor, 'none'>, string> = {
  admin: 'chef',
  owner: 'mara',
  teammate: 'tom',
  foreign: 'fremd',
  client: 'kunde',
  foreignClient: 'fremdkunde',
};
const password = (username: string) => `${username}-passwort`;
/** The session id (jti) a token names: what the device routes call a device. */
const sessionIdOf = (token: string) => String(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti);

interface Call {
  url: string;
  payload?: object;
  /** A body that is not JSON (a multipart upload), with its content type. */
  raw?: { payload: Buffer; headers: Record<string, string> };
  /** A token other than the caller's usual one (e.g. a fresh session to log out). */
  token?: string;
}

const all = (status: number): Statuses => ({ none: status, admin: status, owner: status, teammate: status, foreign: status, client: status, foreignClient: status });
const loggedIn = (status: number): Statuses => ({ ...all(status), none: 401 });
const adminOnly = (status: number): Statuses => ({ ...all(403), none: 401, admin: status });
const architects = (owner: number, teammate: number, foreign: number): Statuses => ({
  none: 401,
  admin: 403,
  owner,
  teammate,
  foreign,
  client: 403,
  foreignClient: 403,
});

describe.each(testDialects)('access matrix on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Partial<Record<Actor, string>> = {};
  const ids: Record<string, number> = {};
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}`;

  async function newProject(name = 'Sanierung'): Promise<number> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ProjectManagment',
      headers: bearer(tokens.owner!),
      payload: { name, assignedUser: 'kunde', address: { street: 'Hauptplatz', number: 1, city: 'Linz', katastral: 45203, postalCode: '4020', country: 'Österreich' } },
    });
    return response.json<{ id: number }>().id;
  }

  const uploadBody = async () =>
    multipartBody([
      ['projectId', String(ids.project)],
      ['fileName', 'Plan'],
      ['documentType', 'PNG'],
      ['file', { name: 'plan.png', bytes: await samplePng(40, 30) }],
    ]);

  /** A fresh file of the project, uploaded by its architect; answers its signed links. */
  async function newFile(): Promise<{ id: number; url: string; thumbnailUrl: string }> {
    const { payload, headers } = await uploadBody();
    const response = await ctx.app.inject({ method: 'POST', url: `/api/s3/upload?projectId=${ids.project}`, headers: { ...headers, ...bearer(tokens.owner!) }, payload });
    return response.json<{ id: number; url: string; thumbnailUrl: string }>();
  }

  /** A photo Mara added to the heat producer's question. */
  async function newQuestionPhotoOfOwner(): Promise<number> {
    const { payload, headers } = await multipartBody([
      ['projectId', String(ids.project)],
      ['fileName', 'Typenschild'],
      ['documentType', 'PNG'],
      ['question', 'heatProducer'],
      ['file', { name: 'typenschild.png', bytes: await samplePng(40, 30) }],
    ]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.owner!) }, payload });
    return response.json<{ id: number }>().id;
  }

  /** A PDF of the project with its rendered pages' link (the owner's), uploaded once: the link is the same for every caller. */
  let pdfPages: Promise<string> | undefined;
  function pagesOfPdf(): Promise<string> {
    pdfPages ??= (async () => {
      const { payload, headers } = await multipartBody([
        ['projectId', String(ids.project)],
        ['fileName', 'Grundriss'],
        ['documentType', 'PDF'],
        ['file', { name: 'grundriss.pdf', bytes: samplePdf() }],
      ]);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.owner!) }, payload });
      const { id } = response.json<{ id: number }>();
      // The first page is made after the upload's answer.
      await ctx.background.drained();
      const listed = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${ids.project}`, headers: bearer(tokens.owner!) });
      return `${listed.json<Array<{ id: number; pagesUrl: string }>>().find((file) => file.id === id)!.pagesUrl}&page=1&width=480`;
    })();
    return pdfPages;
  }

  const fileIdOf = (file: { url: string }) => Number(file.url.split('/download/')[1]!.split('/')[1]!.split('?')[0]);

  /** A pin Mara placed on a fresh file of the project. */
  async function newPinOfOwner(): Promise<number> {
    const fileId = fileIdOf(await newFile());
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/s3/project/${ids.project}/files/${fileId}/pins`,
      headers: bearer(tokens.owner!),
      payload: { page: 1, x: 0.5, y: 0.5, comment: 'Riss' },
    });
    return response.json<{ id: number }>().id;
  }

  async function newFollowUpOfOwner(): Promise<number> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/questionnaire/${ids.project}/follow-ups`,
      headers: bearer(tokens.owner!),
      payload: { questionKey: 'constructionYear', note: 'Stimmt das Baujahr?' },
    });
    return response.json<{ id: number }>().id;
  }

  /** The chat of Mara and her customer Kunde (a pair has one chat; made again after a delete). */
  async function chatOfOwnerAndClient(): Promise<number> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/MessageManagment/createChat',
      headers: bearer(tokens.owner!),
      payload: { message: 'Grüß Gott', senderUsername: 'mara', receiverUsername: 'kunde' },
    });
    return response.json<{ chatId: number }>().chatId;
  }

  async function newInvitedCustomerOfOwner(): Promise<string> {
    const username = unique('neukunde');
    await ctx.createUser({ username, role: 'CLIENT', email: `${username}@example.at`, createdById: ids.mara! });
    return username;
  }

  async function newTeam(withMember?: string): Promise<string> {
    const teamName = unique('Team');
    await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(tokens.admin!), payload: { name: teamName } });
    if (withMember) {
      await ctx.app.inject({ method: 'POST', url: `/api/team/addMembers?teamName=${teamName}`, headers: bearer(tokens.admin!), payload: { username: withMember } });
    }
    return teamName;
  }

  const registration = { firstName: 'A', lastName: 'B', email: 'a@example.at', phone: '1', password: 'lang-genug-1' };
  // The same e-mail address: a customer's architects change the details, never password or e-mail (profile.test.ts).
  const profileUpdate = (username: string) => ({ firstName: 'Neu', lastName: 'Name', email: `${username}@example.at` });
  const allFlags = { chatAll: true, chatNone: false, formAll: false, form50: false, form75: false, form95: false, form100: true, formNone: false };
  const layout = [{ i: 'projects', x: 0, y: 0, w: 2, h: 3 }];

  /** The project's people, by a route for architects and clients only: an administrator sees no projects. */
  const projectPeople: Statuses = { none: 401, admin: 403, owner: 200, teammate: 200, foreign: 404, client: 200, foreignClient: 404 };
  /** A route of the caller's own chats or settings: only architects and clients have them. */
  const ownAsParticipant = (status: number): Statuses => ({ ...loggedIn(404), admin: 403, owner: status });
  const stepAnswers: Record<string, object> = {
    general: { buildingUsage: 'WOHNBAU' },
    storeys: { numberOfStoreys: '2' },
    windows: { isDifferentWindows: true },
    heating: { fuelType: 'GAS' },
  };
  const questionnaireEntries = Object.fromEntries(
    Object.entries(stepAnswers).flatMap(([step, answers]) => [
      [`GET /api/${step}/:projectId`, { call: () => ({ url: `/api/${step}/${ids.project}` }), expect: projectPeople }],
      [`PUT /api/${step}/:projectId`, { call: () => ({ url: `/api/${step}/${ids.project}`, payload: answers }), expect: projectPeople }],
    ]),
  );

  interface Entry {
    call: (actor: Actor) => Call | Promise<Call>;
    expect: Statuses;
    /** The object acted on is named in the body (not the path): only bodies that still name it can be judged first. */
    namesObjectInBody?: boolean;
  }

  const matrix: Record<string, Entry> = {
    ...questionnaireEntries,
    'GET /api/questionnaire/:projectId': { call: () => ({ url: `/api/questionnaire/${ids.project}` }), expect: projectPeople },
    'GET /api/questionnaire/:projectId/changes': {
      call: () => ({ url: `/api/questionnaire/${ids.project}/changes` }),
      expect: { ...projectPeople, client: 403, foreignClient: 403 },
    },
    'GET /api/questionnaire/:projectId/follow-ups': { call: () => ({ url: `/api/questionnaire/${ids.project}/follow-ups` }), expect: projectPeople },
    'POST /api/questionnaire/:projectId/follow-ups': {
      call: () => ({ url: `/api/questionnaire/${ids.project}/follow-ups`, payload: { questionKey: 'constructionYear', note: 'Stimmt das Baujahr?' } }),
      expect: { ...projectPeople, owner: 201, teammate: 201, client: 403, foreignClient: 403 },
    },
    'POST /api/questionnaire/:projectId/follow-ups/:followUpId/answer': {
      call: async () => ({ url: `/api/questionnaire/${ids.project}/follow-ups/${await newFollowUpOfOwner()}/answer`, payload: { text: 'Ja, laut Plan.', version: 1 } }),
      expect: { none: 401, admin: 403, owner: 403, teammate: 403, foreign: 403, client: 200, foreignClient: 404 },
    },
    'GET /api/health': { call: () => ({ url: '/api/health' }), expect: all(200) },
    'GET /api/ready': { call: () => ({ url: '/api/ready' }), expect: all(200) },
    'GET /api/impressum': { call: () => ({ url: '/api/impressum' }), expect: all(200) },
    'GET /api/privacy': { call: () => ({ url: '/api/privacy' }), expect: all(200) },
    'POST /api/auth/login': { call: () => ({ url: '/api/auth/login', payload: { username: 'mara', password: 'falsch-falsch' } }), expect: all(401) },
    'POST /api/auth/logout/:username': {
      call: async (actor) => {
        if (actor === 'none') return { url: '/api/auth/logout/mara' };
        const username = usernames[actor];
        return { url: `/api/auth/logout/${username}`, token: await ctx.login(username, password(username)) };
      },
      expect: loggedIn(204),
    },
    'GET /api/auth/me': { call: () => ({ url: '/api/auth/me' }), expect: loggedIn(200) },
    // The own devices only: another user's list and devices are not found.
    'GET /api/auth/devices/:username': { call: () => ({ url: '/api/auth/devices/mara' }), expect: { ...loggedIn(404), owner: 200 } },
    'DELETE /api/auth/devices/:username/:deviceId': {
      call: async () => ({ url: `/api/auth/devices/mara/${sessionIdOf(await ctx.login('mara', password('mara')))}` }),
      expect: { ...loggedIn(404), owner: 204 },
    },
    'DELETE /api/auth/devices/:username': { call: () => ({ url: '/api/auth/devices/mara' }), expect: { ...loggedIn(404), owner: 204 } },
    // The key for what a device keeps of its user: the own account's only.
    'POST /api/auth/device-key/:username': {
      call: () => ({ url: '/api/auth/device-key/mara', payload: { deviceId: 'geraet-0123456789abcdef' } }),
      expect: { ...loggedIn(404), owner: 200 },
    },
    'GET /api/register': { call: () => ({ url: '/api/register?token=unbekannt' }), expect: all(400) },
    'PUT /api/register': { call: () => ({ url: '/api/register?token=unbekannt', payload: registration }), expect: all(400) },
    'POST /api/auth/forgotPassword': {
      call: () => ({ url: '/api/auth/forgotPassword', payload: { username: unique('jemand'), email: 'x@example.at' } }),
      expect: all(200),
    },
    'GET /api/reset-password': { call: () => ({ url: '/api/reset-password?token=unbekannt' }), expect: all(400) },
    'POST /api/reset-password': { call: () => ({ url: '/api/reset-password?token=unbekannt', payload: { password: 'lang-genug-1' } }), expect: all(400) },
    'POST /api/invitations/resend': {
      call: async () => ({ url: '/api/invitations/resend', payload: { username: await newInvitedCustomerOfOwner() } }),
      expect: { none: 401, admin: 404, owner: 200, teammate: 200, foreign: 404, client: 403, foreignClient: 403 },
      namesObjectInBody: true,
    },
    'GET /api/team/allTeams': { call: () => ({ url: '/api/team/allTeams' }), expect: adminOnly(200) },
    'GET /api/team/available-architects': { call: () => ({ url: '/api/team/available-architects' }), expect: adminOnly(200) },
    'GET /api/admin/users': { call: () => ({ url: '/api/admin/users' }), expect: adminOnly(200) },
    'GET /api/admin/mail-failures': { call: () => ({ url: '/api/admin/mail-failures' }), expect: adminOnly(200) },
    'POST /api/team/create': { call: () => ({ url: '/api/team/create', payload: { name: unique('Neu') } }), expect: adminOnly(201) },
    'POST /api/team/createUser': {
      call: () => {
        const username = unique('architekt');
        return { url: '/api/team/createUser', payload: { username, email: `${username}@example.at`, teamName: 'Wien' } };
      },
      expect: adminOnly(201),
    },
    'POST /api/team/addMembers': {
      call: async () => ({ url: `/api/team/addMembers?teamName=${await newTeam()}`, payload: { username: 'fremd' } }),
      expect: adminOnly(200),
    },
    'DELETE /api/team/remove': { call: async () => ({ url: `/api/team/remove?teamName=${await newTeam('fremd')}&username=fremd` }), expect: adminOnly(204) },
    'DELETE /api/team/delete': { call: async () => ({ url: `/api/team/delete?name=${await newTeam()}` }), expect: adminOnly(204) },
    'GET /api/profil/:username': {
      call: () => ({ url: '/api/profil/kunde' }),
      expect: { none: 401, admin: 200, owner: 200, teammate: 200, foreign: 404, client: 200, foreignClient: 404 },
    },
    'PUT /api/profil/:username': {
      call: () => ({ url: '/api/profil/kunde', payload: profileUpdate('kunde') }),
      expect: { none: 401, admin: 403, owner: 200, teammate: 200, foreign: 404, client: 200, foreignClient: 404 },
    },
    'DELETE /api/profil/:username': {
      call: async () => ({ url: `/api/profil/${await newInvitedCustomerOfOwner()}` }),
      expect: { none: 401, admin: 403, owner: 204, teammate: 204, foreign: 404, client: 404, foreignClient: 404 },
    },
    'GET /api/notificationSettings/:username': { call: () => ({ url: '/api/notificationSettings/mara' }), expect: ownAsParticipant(200) },
    'PUT /api/notificationSettings/:username': { call: () => ({ url: '/api/notificationSettings/mara', payload: allFlags }), expect: ownAsParticipant(200) },
    'POST /api/ClientManagment': {
      call: () => {
        const username = unique('kundschaft');
        return { url: '/api/ClientManagment', payload: { username, firstName: 'K', lastName: 'S', email: `${username}@example.at` } };
      },
      expect: architects(201, 201, 201),
    },
    'GET /api/ClientManagment/:username': { call: () => ({ url: '/api/ClientManagment/mara' }), expect: architects(200, 200, 404) },
    'POST /api/ProjectManagment': {
      call: () => ({ url: '/api/ProjectManagment', payload: { name: unique('Projekt'), assignedUser: 'kunde' } }),
      expect: architects(201, 201, 404),
      namesObjectInBody: true,
    },
    'GET /api/ProjectManagment/:username': { call: () => ({ url: '/api/ProjectManagment/mara' }), expect: architects(200, 200, 404) },
    // The search names no one: every architect searches the own team's projects (proven in project-search.test.ts).
    'GET /api/projects': { call: () => ({ url: '/api/projects?query=Hauptplatz' }), expect: architects(200, 200, 200) },
    'GET /api/ProjectManagment/dash/:username': { call: () => ({ url: '/api/ProjectManagment/dash/mara' }), expect: architects(200, 404, 404) },
    'PUT /api/ProjectManagment/project/:projectId': {
      call: () => ({ url: `/api/ProjectManagment/project/${ids.project}`, payload: { name: 'Sanierung Hauptplatz' } }),
      expect: architects(200, 200, 404),
    },
    'DELETE /api/ProjectManagment/project/:projectId': {
      call: async () => ({ url: `/api/ProjectManagment/project/${await newProject()}` }),
      expect: architects(204, 204, 404),
    },
    'GET /api/DashboardClient/dashi/:username': {
      call: () => ({ url: '/api/DashboardClient/dashi/kunde' }),
      expect: { none: 401, admin: 403, owner: 404, teammate: 404, foreign: 404, client: 200, foreignClient: 404 },
    },
    'GET /api/DashboardClient/project/:projectId': {
      call: () => ({ url: `/api/DashboardClient/project/${ids.project}` }),
      expect: { none: 401, admin: 403, owner: 200, teammate: 200, foreign: 404, client: 200, foreignClient: 404 },
    },
    'GET /api/s3/project/:projectId': { call: () => ({ url: `/api/s3/project/${ids.project}` }), expect: projectPeople },
    'GET /api/s3/project/:projectId/files/:fileId/versions': {
      call: async () => ({ url: `/api/s3/project/${ids.project}/files/${(await newFile()).id}/versions` }),
      expect: projectPeople,
    },
    'GET /api/s3/project/:projectId/question-photos': { call: () => ({ url: `/api/s3/project/${ids.project}/question-photos` }), expect: projectPeople },
    'GET /api/s3/project/:projectId/item-photos': { call: () => ({ url: `/api/s3/project/${ids.project}/item-photos` }), expect: projectPeople },
    // The uploader or an architect of the project removes a photo from its question.
    'DELETE /api/s3/question-photos/:fileId': {
      call: async () => ({ url: `/api/s3/question-photos/${await newQuestionPhotoOfOwner()}` }),
      expect: { none: 401, admin: 403, owner: 204, teammate: 204, foreign: 404, client: 403, foreignClient: 404 },
    },
    'POST /api/s3/upload': {
      call: async () => ({ url: `/api/s3/upload?projectId=${ids.project}`, raw: await uploadBody() }),
      expect: { none: 401, admin: 403, owner: 201, teammate: 201, foreign: 404, client: 201, foreignClient: 404 },
    },
    'POST /api/s3/deleteFile': {
      call: async () => ({ url: '/api/s3/deleteFile', payload: { projectId: ids.project, fileName: 'Plan', s3Key: `Projekt/${(await newFile()).url.split('/download/')[1]}` } }),
      expect: { none: 401, admin: 403, owner: 204, teammate: 204, foreign: 404, client: 204, foreignClient: 404 },
      namesObjectInBody: true,
    },
    // Signed links are the key: whoever holds a valid one gets the bytes, for 15 minutes.
    'GET /api/s3/download/:projectId/:fileId': { call: async () => ({ url: (await newFile()).url }), expect: all(200) },
    'GET /api/s3/download/:projectId/:fileId/thumbnail': { call: async () => ({ url: (await newFile()).thumbnailUrl }), expect: all(200) },
    'GET /api/s3/download/:projectId/:fileId/pages/:viewerId': { call: async () => ({ url: await pagesOfPdf() }), expect: all(200) },
    // Pins: whoever sees the project's files sees and places pins; only the author changes or deletes one.
    'GET /api/s3/project/:projectId/files/:fileId/pins': {
      call: async () => ({ url: `/api/s3/project/${ids.project}/files/${fileIdOf(await newFile())}/pins` }),
      expect: projectPeople,
    },
    'POST /api/s3/project/:projectId/files/:fileId/pins': {
      call: async () => ({ url: `/api/s3/project/${ids.project}/files/${fileIdOf(await newFile())}/pins`, payload: { page: 1, x: 0.1, y: 0.9, comment: 'Hier' } }),
      expect: { none: 401, admin: 403, owner: 201, teammate: 201, foreign: 404, client: 201, foreignClient: 404 },
    },
    // Whoever may place pins carries the previous version's items over (a first version has none: nothing carried).
    'POST /api/s3/project/:projectId/files/:fileId/pins/carry-over': {
      call: async () => ({ url: `/api/s3/project/${ids.project}/files/${fileIdOf(await newFile())}/pins/carry-over`, payload: {} }),
      expect: { none: 401, admin: 403, owner: 200, teammate: 200, foreign: 404, client: 200, foreignClient: 404 },
    },
    'PUT /api/s3/pins/:pinId': {
      call: async () => ({ url: `/api/s3/pins/${await newPinOfOwner()}`, payload: { x: 0.2, y: 0.2, comment: 'Doch hier', photoFileId: null, version: 1 } }),
      expect: { none: 401, admin: 403, owner: 200, teammate: 403, foreign: 404, client: 403, foreignClient: 404 },
    },
    // A pin is an open item: the responsible person (nobody here) and the project's architects set its status; the architects assign it.
    'PUT /api/s3/pins/:pinId/status': {
      call: async () => ({ url: `/api/s3/pins/${await newPinOfOwner()}/status`, payload: { status: 'ERLEDIGT', version: 1 } }),
      expect: { none: 401, admin: 403, owner: 200, teammate: 200, foreign: 404, client: 403, foreignClient: 404 },
    },
    'PUT /api/s3/pins/:pinId/item': {
      call: async () => ({ url: `/api/s3/pins/${await newPinOfOwner()}/item`, payload: { kind: 'MANGEL', responsible: 'kunde', dueDate: '2027-01-15', version: 1 } }),
      expect: { none: 401, admin: 403, owner: 200, teammate: 200, foreign: 404, client: 403, foreignClient: 404 },
    },
    // An item's conversation: whoever sees the item replies.
    'POST /api/s3/pins/:pinId/replies': {
      call: async () => ({ url: `/api/s3/pins/${await newPinOfOwner()}/replies`, payload: { text: 'Erledige ich nächste Woche.' } }),
      expect: { none: 401, admin: 403, owner: 201, teammate: 201, foreign: 404, client: 201, foreignClient: 404 },
    },
    'GET /api/s3/project/:projectId/assignees': { call: () => ({ url: `/api/s3/project/${ids.project}/assignees` }), expect: projectPeople },
    'GET /api/s3/project/:projectId/open-items': { call: () => ({ url: `/api/s3/project/${ids.project}/open-items?status=UNERLEDIGT` }), expect: projectPeople },
    'GET /api/s3/open-items/summary': { call: () => ({ url: '/api/s3/open-items/summary' }), expect: { ...loggedIn(200), admin: 403 } },
    'GET /api/s3/open-items/mine': { call: () => ({ url: '/api/s3/open-items/mine' }), expect: { ...loggedIn(200), admin: 403 } },
    'DELETE /api/s3/pins/:pinId': {
      call: async () => ({ url: `/api/s3/pins/${await newPinOfOwner()}` }),
      expect: { none: 401, admin: 403, owner: 204, teammate: 403, foreign: 404, client: 403, foreignClient: 404 },
    },
    // The export is the architects' (spec section 6): a client or an administrator may not, by role.
    'GET /api/export/json/:projectId': { call: () => ({ url: `/api/export/json/${ids.project}` }), expect: architects(200, 200, 404) },
    'GET /api/export/pdf/:projectId': { call: () => ({ url: `/api/export/pdf/${ids.project}` }), expect: architects(200, 200, 404) },
    // 'Offene Punkte als PDF' is an export: the project's architects, as the others.
    'GET /api/export/open-items/:projectId': { call: () => ({ url: `/api/export/open-items/${ids.project}?status=UNERLEDIGT` }), expect: architects(200, 200, 404) },
    // The e-mail export reads the project from the body; the same callers as the download.
    'POST /api/email/send-json': {
      call: () => ({ url: '/api/email/send-json', payload: { email: 'berater@example.at', projectId: ids.project } }),
      expect: architects(200, 200, 404),
      namesObjectInBody: true,
    },
    'POST /api/email/send-pdf': {
      call: () => ({ url: '/api/email/send-pdf', payload: { email: 'berater@example.at', projectId: ids.project } }),
      expect: architects(200, 200, 404),
      namesObjectInBody: true,
    },
    'GET /api/export/schema.json': { call: () => ({ url: '/api/export/schema.json' }), expect: all(200) },
    // Chats are between architects and clients: an administrator is refused by role.
    'GET /api/MessageManagment/receiver/:username': { call: () => ({ url: '/api/MessageManagment/receiver/mara' }), expect: ownAsParticipant(200) },
    'GET /api/MessageManagment/newChat/:username': { call: () => ({ url: '/api/MessageManagment/newChat/mara' }), expect: ownAsParticipant(200) },
    'GET /api/MessageManagment/partners': { call: () => ({ url: '/api/MessageManagment/partners' }), expect: { ...loggedIn(200), admin: 403 } },
    'GET /api/MessageManagment/unread': { call: () => ({ url: '/api/MessageManagment/unread' }), expect: { ...loggedIn(200), admin: 403 } },
    // Only the chat's two participants write into it, each in their own name.
    'POST /api/MessageManagment': {
      call: async (actor) => ({
        url: '/api/MessageManagment',
        payload: { message: 'Hallo', senderUsername: actor === 'none' ? 'mara' : usernames[actor], receiverUsername: 'kunde', chatId: await chatOfOwnerAndClient(), isRead: false },
      }),
      expect: { ...loggedIn(404), admin: 403, owner: 201, client: 201 },
      namesObjectInBody: true,
    },
    // Architects write to their office's customers; nobody else may start a chat with Kunde.
    'POST /api/MessageManagment/createChat': {
      call: (actor) => ({
        url: '/api/MessageManagment/createChat',
        payload: { message: 'Hallo', senderUsername: actor === 'none' ? 'mara' : usernames[actor], receiverUsername: 'kunde' },
      }),
      expect: { ...loggedIn(404), admin: 403, owner: 201, teammate: 201 },
      namesObjectInBody: true,
    },
    'PUT /api/MessageManagment/:chatId/read': {
      call: async () => ({ url: `/api/MessageManagment/${await chatOfOwnerAndClient()}/read` }),
      expect: { ...loggedIn(404), admin: 403, owner: 200, client: 200 },
    },
    // Administrators may delete chats (spec section 6), but take part in none.
    'DELETE /api/MessageManagment/:chatId': {
      call: async () => ({ url: `/api/MessageManagment/${await chatOfOwnerAndClient()}` }),
      expect: { ...loggedIn(404), owner: 204, client: 403 },
    },
    'GET /api/dashboardLayout/:dashboard': { call: () => ({ url: '/api/dashboardLayout/client' }), expect: { ...loggedIn(200), admin: 403 } },
    'PUT /api/dashboardLayout/:dashboard': { call: () => ({ url: '/api/dashboardLayout/client', payload: layout }), expect: { ...loggedIn(200), admin: 403 } },
  };

  beforeAll(async () => {
    // The owner's chat is made again for every caller of three routes: more messages than a minute's budget.
    ctx = await createTestContext(dialect, { env: generousBudgets });
    for (const [actor, username] of Object.entries(usernames)) {
      const role = actor === 'admin' ? 'ADMIN' : actor.toLowerCase().includes('client') ? 'CLIENT' : 'ARCHI';
      const createdById = actor === 'client' ? ids.mara : actor === 'foreignClient' ? ids.fremd : undefined;
      ids[username] = await ctx.createUser({ username, password: password(username), role, email: `${username}@example.at`, createdById });
    }
    for (const [actor, username] of Object.entries(usernames)) tokens[actor as Actor] = await ctx.login(username, password(username));
    await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(tokens.admin!), payload: { name: 'Wien' } });
    for (const member of ['mara', 'tom']) {
      await ctx.app.inject({ method: 'POST', url: '/api/team/addMembers?teamName=Wien', headers: bearer(tokens.admin!), payload: { username: member } });
    }
    await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(tokens.admin!), payload: { name: 'Salzburg' } });
    await ctx.app.inject({ method: 'POST', url: '/api/team/addMembers?teamName=Salzburg', headers: bearer(tokens.admin!), payload: { username: 'fremd' } });
    ids.project = await newProject('Hauptplatz');
  });
  afterAll(() => ctx.close());

  it('has an entry for every API route, and no entry for a route that does not exist', () => {
    const registered = ctx.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((key) => !(key in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((key) => !registered.includes(key))).toEqual([]);
  });

  async function statusOf(route: string, actor: Actor, call: Call, rawBody?: string): Promise<number> {
    const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
    const token = call.token ?? tokens[actor as Exclude<Actor, 'none'>];
    const headers: Record<string, string> = { ...(token && actor !== 'none' ? bearer(token) : {}), ...call.raw?.headers };
    if (rawBody !== undefined) headers['content-type'] = 'application/json';
    const body = rawBody ?? call.raw?.payload ?? call.payload;
    const response = await ctx.app.inject({ method, url: call.url, headers, ...(body !== undefined ? { payload: body } : {}) });
    return response.statusCode;
  }

  /** Bodies that must never get past validation, built from the route's valid body. */
  function invalidBodies(entry: Entry, payload: object): Array<[string, string]> {
    const withUnknownField = Array.isArray(payload)
      ? payload.map((item: object, index) => (index === 0 ? { ...item, gibtEsNicht: 1 } : item))
      : { ...payload, gibtEsNicht: 1 };
    const variants: Array<[string, string]> = [['an unknown field', JSON.stringify(withUnknownField)]];
    if (entry.namesObjectInBody) return variants;
    variants.push(['null', 'null'], ['text', '"Text"'], ['a number', '5'], ['broken JSON', '{"name": '], ['an empty body', '']);
    if (!Array.isArray(payload)) variants.push(['a list', '[]']);
    return variants;
  }

  for (const [route, entry] of Object.entries(matrix)) {
    const [method] = route.split(' ');
    if (method !== 'POST' && method !== 'PUT') continue;
    // The logout's body is optional and read only without a token (the unload beacon).
    if (route === 'POST /api/auth/logout/:username') continue;
    it(`${route} decides access before it reads an invalid body`, async () => {
      const isPublic = ctx.apiRoutes.some((r) => `${r.method} ${r.url}` === route && r.public);
      for (const actor of actors) {
        const call = await entry.call(actor);
        // A multipart upload is no JSON body; its refusals are proven in files.test.ts.
        if (!call.payload || call.raw) continue;
        const refused = [401, 403, 404].includes(entry.expect[actor]);
        // Public routes have no caller to refuse; an authorized caller learns what is wrong with the body.
        const expected = refused && !isPublic ? entry.expect[actor] : 400;
        for (const [name, body] of invalidBodies(entry, call.payload)) {
          const fresh = await entry.call(actor);
          expect(await statusOf(route, actor, fresh, body), `${actor} with ${name}`).toBe(expected);
        }
      }
    });
  }

  /**
   * Whose profile each caller may change besides Kunde's (the matrix row): the own, and a
   * customer's as the customer's architect. Whoever may not see the profile gets 404.
   */
  const profileUpdates: Record<string, Statuses> = {
    fremdkunde: { none: 401, admin: 403, owner: 404, teammate: 404, foreign: 200, client: 404, foreignClient: 200 },
    tom: { none: 401, admin: 403, owner: 404, teammate: 200, foreign: 404, client: 404, foreignClient: 404 },
    chef: { none: 401, admin: 200, owner: 404, teammate: 404, foreign: 404, client: 404, foreignClient: 404 },
  };
  for (const [target, expected] of Object.entries(profileUpdates)) {
    it(`PUT /api/profil/${target}`, async () => {
      const seen: Partial<Statuses> = {};
      for (const actor of actors) seen[actor] = await statusOf('PUT /api/profil/:username', actor, { url: `/api/profil/${target}`, payload: profileUpdate(target) });
      expect(seen).toEqual(expected);
    });
  }

  for (const [route, entry] of Object.entries(matrix)) {
    it(route, async () => {
      const seen: Partial<Statuses> = {};
      for (const actor of actors) {
        seen[actor] = await statusOf(route, actor, await entry.call(actor));
      }
      expect(seen).toEqual(entry.expect);
    });
  }
});
