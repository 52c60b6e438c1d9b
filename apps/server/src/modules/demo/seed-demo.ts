import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import {
  computeProgress, defaultNotificationSettings, diffAnswers, formatOfDocumentType, contentTypeOfFormat, usernameKey,
  type AustrianState, type DocumentType, type QuestionnaireRecord,
} from '@bauakte/domain';
import { hashPassword } from '../../platform/auth/password';
import type { DataLayer } from '../../platform/db/repositories';
import type { Database } from '../../platform/db/schema';
import type { ObjectStore } from '../../platform/storage/object-store';
import {
  architectMessages, clientMessages, demoTeams, fileTitles, firstNames, katastralRanges, lastNames, projectDescriptions, projectKinds,
  seededRandom, streets, townsByState, type Random, type Town,
} from './demo-data';
import { questionnaireAnswers, type QuestionnaireState } from './questionnaire-answers';

/** The one password of every demo account (documented in the README, 'Demo data'; a demo, not a real office). */
export const demoPassword = 'Bauakte-Demo-2026';

/** The full installation; a scale multiplies every count (architects at least one). */
export const demoFullSize = { architects: 20, customers: 2000, projects: 5000, messages: 100_000 } as const;

export interface SeedDemoOptions {
  /** 1 is the full installation; 0.05 gives one office with one architect and 250 projects. */
  scale?: number;
  /** Another seed gives another, equally deterministic installation. */
  seed?: number;
  /** Where the demo files' tiny objects go; without a store no files are listed. */
  store?: ObjectStore;
  /** Ends of the timeline (messages, changes); tests pin it. */
  now?: Date;
}

export interface DemoSummary {
  counts: { teams: number; architects: number; customers: number; projects: number; messages: number; files: number; changes: number };
  /** Usernames to log in with, all with demoPassword. */
  architects: string[];
  /** A few clients, one per architect, to show in the log. */
  sampleClients: string[];
  seconds: number;
}

export class DemoRefusedError extends Error {}

type Row<T extends keyof Database> = Insertable<Database[T]>;

interface Plan {
  teams: Row<'teams'>[];
  teamMembers: Row<'teamMembers'>[];
  users: Row<'users'>[];
  notificationSettings: Row<'notificationSettings'>[];
  projects: Row<'projects'>[];
  projectViews: Row<'projectViews'>[];
  answers: Row<'questionnaireAnswers'>[];
  changes: Row<'questionnaireChanges'>[];
  files: (Row<'projectFiles'> & { storageKey: string })[];
  chats: Row<'chats'>[];
  messages: Row<'chatMessages'>[];
}

const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Which office each architect works in: one of each first, the one in Innsbruck stays alone (a one-person office). */
function teamOfArchitect(index: number): number {
  if (index < demoTeams.length) return index;
  return (index - demoTeams.length) % (demoTeams.length - 1);
}

/** Usernames as people type them: letters only, umlauts written out. */
function asciiName(name: string): string {
  return name.replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue').replaceAll('ß', 'ss').replaceAll('Ä', 'Ae').replaceAll('Ö', 'Oe').replaceAll('Ü', 'Ue');
}

function houseNumber(random: Random): string {
  const number = String(random.int(1, 120));
  if (random.chance(0.15)) return `${number}${random.pick(['a', 'b', 'c'])}`;
  if (random.chance(0.35)) return `${number}/${random.int(1, 4)}/${random.int(1, 20)}`;
  return number;
}

function townIn(states: readonly AustrianState[], random: Random): Town {
  return random.pick(townsByState[random.pick(states)]);
}

function phoneNumber(random: Random): string {
  return `+43 ${random.pick(['664', '676', '699', '650', '660'])} ${random.int(100, 999)} ${random.int(1000, 9999)}`;
}

/** Splits `total` into `parts` counts proportional to random weights, summing to exactly `total`. */
function spread(total: number, parts: number, random: Random): number[] {
  const weights = Array.from({ length: parts }, () => 0.2 + random.next() * 1.6);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; left > 0; index = (index + 1) % parts, left--) counts[index] = (counts[index] ?? 0) + 1;
  return counts;
}

interface PlanContext {
  random: Random;
  now: number;
  passwordHash: string;
  plan: Plan;
  /** The next free id of a table. */
  nextId(table: string): number;
}

interface Architect {
  id: number;
  username: string;
  team: number;
}

interface Customer {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  architect: Architect;
  createdAt: number;
}

function addNotificationSettings(context: PlanContext, userId: number, changes: Partial<typeof defaultNotificationSettings>): void {
  const flags = { ...defaultNotificationSettings, ...changes };
  context.plan.notificationSettings.push({
    userId,
    chatAll: Number(flags.chatAll), chatNone: Number(flags.chatNone), formAll: Number(flags.formAll), form50: Number(flags.form50),
    form75: Number(flags.form75), form95: Number(flags.form95), form100: Number(flags.form100), formNone: Number(flags.formNone),
    updatedAt: iso(context.now - 400 * day),
  });
}

/** The offices and their architects: architekt1 … architektN. */
function planArchitects(context: PlanContext, count: number): Architect[] {
  const { random, now, plan } = context;
  const teamIds = new Map<number, number>();
  const architects: Architect[] = [];
  for (let index = 0; index < count; index++) {
    const team = teamOfArchitect(index);
    const office = demoTeams[team]!;
    if (!teamIds.has(team)) {
      teamIds.set(team, context.nextId('teams'));
      plan.teams.push({ id: teamIds.get(team)!, name: office.name, createdAt: iso(now - 700 * day) });
    }
    const id = context.nextId('users');
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const username = `architekt${index + 1}`;
    const createdAt = iso(now - 650 * day + index * day);
    plan.users.push({
      id, username, usernameKey: usernameKey(username), email: `${username}@demo.bauakte.at`, firstName, lastName,
      phoneNumber: phoneNumber(random), street: random.pick(streets), houseNumber: houseNumber(random), postalCode: office.postalCode, city: office.city,
      state: office.city === 'Wien' ? 'Wien' : townsByState[office.states[0]!][0]!.state, country: 'Österreich', municipality: office.city,
      role: 'ARCHI', passwordHash: context.passwordHash, status: 'ACTIVE', createdById: null, createdAt, updatedAt: createdAt,
    });
    plan.teamMembers.push({ teamId: teamIds.get(team)!, userId: id, addedAt: createdAt });
    addNotificationSettings(context, id, random.chance(0.5) ? {} : { form100: false, [random.pick(['form50', 'form75', 'formAll'] as const)]: true });
    architects.push({ id, username, team });
  }
  return architects;
}

/** Customers, each created by one architect in turn; usernames from their names. */
function planCustomers(context: PlanContext, architects: Architect[], count: number): Customer[] {
  const { random, now, plan } = context;
  const taken = new Set(architects.map((architect) => architect.username));
  const customers: Customer[] = [];
  for (let index = 0; index < count; index++) {
    const architect = architects[index % architects.length]!;
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const base = asciiName(`${firstName}${lastName}`).toLowerCase();
    let username = base;
    for (let suffix = 2; taken.has(username); suffix++) username = `${base}${suffix}`;
    taken.add(username);
    const id = context.nextId('users');
    const town = townIn(demoTeams[architect.team]!.states, random);
    const createdAt = now - random.int(20, 560) * day - random.int(0, day);
    plan.users.push({
      id, username, usernameKey: usernameKey(username), email: `${username}@example.at`, firstName, lastName, phoneNumber: phoneNumber(random),
      street: random.pick(streets), houseNumber: houseNumber(random), postalCode: town.postalCode, city: town.city, state: town.state,
      country: 'Österreich', municipality: town.city, role: 'CLIENT', passwordHash: context.passwordHash, status: 'ACTIVE',
      createdById: architect.id, createdAt: iso(createdAt), updatedAt: iso(createdAt),
    });
    addNotificationSettings(context, id, random.chance(0.2) ? { chatAll: false, chatNone: true } : {});
    customers.push({ id, username, firstName, lastName, architect, createdAt });
  }
  return customers;
}

/** The saved steps of a project with one change-log line each; answers the time of the last save. */
function planQuestionnaire(context: PlanContext, projectId: number, record: QuestionnaireRecord, saver: { architect: Architect; customer: Customer | undefined; createdAt: number }): number {
  const { random, now, plan } = context;
  let at = saver.createdAt;
  for (const [step, stepAnswers] of Object.entries(record) as [string, Record<string, unknown>][]) {
    // Steps are saved one after another, each some time after the last.
    at = Math.min(now - 60_000, at + 60_000 + (random.next() * (now - at)) / 3);
    const byClient = saver.customer !== undefined && random.chance(0.85);
    const changedBy = byClient ? saver.customer!.username : saver.architect.username;
    plan.answers.push({ projectId, step, answers: JSON.stringify(stepAnswers), updatedAt: iso(at), updatedById: byClient ? saver.customer!.id : saver.architect.id });
    plan.changes.push({ id: context.nextId('questionnaireChanges'), projectId, step, changedByName: changedBy, changedAt: iso(at), changes: JSON.stringify(diffAnswers(undefined, stepAnswers)) });
  }
  return at;
}

/** One to four files for some projects: plans by the architect, photos by the client. Answers the last upload's time. */
function planFiles(context: PlanContext, projectId: number, owners: { architect: Architect; customer: Customer | undefined; createdAt: number }, names: Map<number, string>): number {
  const { random, now, plan } = context;
  let last = owners.createdAt;
  if (!random.chance(0.3)) return last;
  for (let file = random.int(1, 4); file > 0; file--) {
    const documentType = random.pick(['PDF', 'PDF', 'JPG', 'JPG', 'PNG'] as const);
    const fileId = context.nextId('projectFiles');
    const uploadedAt = owners.createdAt + random.next() * (now - owners.createdAt);
    last = Math.max(last, uploadedAt);
    const uploaderId = owners.customer !== undefined && documentType === 'JPG' ? owners.customer.id : owners.architect.id;
    const name = random.pick(fileTitles[documentType]);
    const storageKey = `projects/${projectId}/demo-${fileId}`;
    const extension = documentType === 'PDF' ? 'pdf' : documentType === 'PNG' ? 'png' : 'jpg';
    plan.files.push({
      // Each file its own plan, in its first version.
      id: fileId, planId: fileId, version: 1, projectId, storageKey, thumbnailKey: `${storageKey}.thumbnail.webp`, pageCount: documentType === 'PDF' ? demoPdfPages : null, name,
      comment: random.chance(0.4) ? 'Bitte bei der Begehung mitnehmen.' : '', originalName: `${asciiName(name).replaceAll(' ', '-').replaceAll('–', '-')}.${extension}`,
      documentType, contentType: contentTypeOfFormat[formatOfDocumentType[documentType]], size: 0,
      uploadedById: uploaderId, uploadedByName: names.get(uploaderId) ?? '', uploadedAt: iso(uploadedAt),
    });
  }
  return last;
}

/** Projects in turn per architect: every customer has at least one; a few are not assigned yet. Answers them per office. */
function planProjects(context: PlanContext, architects: Architect[], customers: Customer[], count: number, withFiles: boolean): Map<number, { id: number; changedAt: number }[]> {
  const { random, now, plan } = context;
  const customersOf = architects.map((architect) => customers.filter((customer) => customer.architect.id === architect.id));
  const names = new Map(plan.users.map((user) => [user.id!, `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim()]));
  const projectsOfTeam = new Map<number, { id: number; changedAt: number }[]>();
  const states: QuestionnaireState[] = ['none', 'partial', 'complete'];
  for (let index = 0; index < count; index++) {
    const architect = architects[index % architects.length]!;
    const own = customersOf[index % architects.length]!;
    const nth = Math.floor(index / architects.length);
    const customer = nth < own.length ? own[nth]! : random.chance(0.04) ? undefined : random.pick(own);
    const id = context.nextId('projects');
    const town = townIn(demoTeams[architect.team]!.states, random);
    const street = random.pick(streets);
    const number = houseNumber(random);
    const [kgMin, kgMax] = katastralRanges[town.state];
    const createdAt = Math.max(customer?.createdAt ?? 0, now - random.int(5, 540) * day) + random.int(1, 5) * 3_600_000;
    const state = states[random.int(0, 2)]!;
    const record = questionnaireAnswers(customer ? state : 'none', random);
    const owners = { architect, customer, createdAt };
    const answeredAt = planQuestionnaire(context, id, record, owners);
    const changedAt = Math.max(answeredAt, withFiles ? planFiles(context, id, owners, names) : createdAt);
    plan.projects.push({
      id, name: `${random.pick(projectKinds)} ${street} ${number.split('/')[0]}`, description: random.pick(projectDescriptions), street, houseNumber: number,
      city: town.city, katastral: random.int(kgMin, kgMax), postalCode: town.postalCode, country: 'Österreich', assignedUserId: customer?.id ?? null,
      createdById: architect.id, progress: computeProgress(record), changedAt: iso(changedAt), createdAt: iso(createdAt), updatedAt: iso(changedAt),
    });
    projectsOfTeam.set(architect.team, [...(projectsOfTeam.get(architect.team) ?? []), { id, changedAt }]);
  }
  return projectsOfTeam;
}

/** The office's architects have opened nearly every project since its last change; the rest is news. */
function planProjectViews(context: PlanContext, architects: Architect[], projectsOfTeam: Map<number, { id: number; changedAt: number }[]>): void {
  for (const architect of architects) {
    for (const project of projectsOfTeam.get(architect.team) ?? []) {
      if (context.random.chance(0.04)) continue;
      context.plan.projectViews.push({ userId: architect.id, projectId: project.id, seenAt: iso(project.changedAt + 60_000) });
    }
  }
}

/** One chat per customer with their architect; messages over the months since the customer came, the last few sometimes unread. */
function planChats(context: PlanContext, customers: Customer[], messageCount: number): void {
  const { random, now, plan } = context;
  const perChat = spread(messageCount, customers.length, random);
  customers.forEach((customer, index) => {
    const count = perChat[index] ?? 0;
    if (count === 0) return;
    const chatId = context.nextId('chats');
    const architectId = customer.architect.id;
    const times = Array.from({ length: count }, () => customer.createdAt + random.next() * (now - customer.createdAt)).sort((a, b) => a - b);
    const unreadFrom = random.chance(0.3) ? count - random.int(1, 3) : count;
    let fromArchitect = random.chance(0.6);
    // Each side says its sentences in turn from a point of its own: none twice among a chat's latest.
    const said = { architect: random.int(0, architectMessages.length - 1), client: random.int(0, clientMessages.length - 1) };
    const nextSentence = () => (fromArchitect ? architectMessages[said.architect++ % architectMessages.length]! : clientMessages[said.client++ % clientMessages.length]!);
    plan.chats.push({ id: chatId, firstUserId: Math.min(customer.id, architectId), secondUserId: Math.max(customer.id, architectId), createdAt: iso(times[0]!) });
    times.forEach((time, position) => {
      const [senderId, receiverId] = fromArchitect ? [architectId, customer.id] : [customer.id, architectId];
      plan.messages.push({
        id: context.nextId('chatMessages'), chatId, senderId, receiverId, body: nextSentence(),
        isRead: position >= unreadFrom ? 0 : 1, sentAt: iso(time),
      });
      if (random.chance(0.65)) fromArchitect = !fromArchitect;
    });
  });
}

/** Everything the installation holds, as rows, computed before anything is written. */
function planInstallation(options: { scale: number; seed: number; now: number; passwordHash: string; ids: Record<string, number>; withFiles: boolean }): Plan {
  const plan: Plan = { teams: [], teamMembers: [], users: [], notificationSettings: [], projects: [], projectViews: [], answers: [], changes: [], files: [], chats: [], messages: [] };
  const context: PlanContext = {
    random: seededRandom(options.seed),
    now: options.now,
    passwordHash: options.passwordHash,
    plan,
    nextId: (table) => (options.ids[table] = (options.ids[table] ?? 0) + 1),
  };
  const architectCount = Math.max(1, Math.round(demoFullSize.architects * options.scale));
  const customerCount = Math.max(architectCount, Math.round(demoFullSize.customers * options.scale));
  const architects = planArchitects(context, architectCount);
  const customers = planCustomers(context, architects, customerCount);
  const projectsOfTeam = planProjects(context, architects, customers, Math.max(customerCount, Math.round(demoFullSize.projects * options.scale)), options.withFiles);
  planProjectViews(context, architects, projectsOfTeam);
  planChats(context, customers, Math.round(demoFullSize.messages * options.scale));
  return plan;
}

/** A one-page PDF that says what it is, as the demo's plans and certificates. */
function samplePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', info: { Title: 'Bauakte – Demodatei' } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(20).text('Bauakte – Demodatei');
    document.moveDown().fontSize(12).text('Diese Datei gehört zu den Demodaten (npm run seed:demo) und steht für einen Plan oder ein Dokument des Projekts.');
    document.end();
  });
}

/** The demo plan has one page (samplePdf). */
const demoPdfPages = 1;

/**
 * The demo plan's first page as its tile, rendered here as the preview process renders uploads
 * (MuPDF, 480 px wide, WebP): the demo's own PDF, made above, needs no bounded process.
 */
async function firstPageWebp(pdf: Buffer): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = document.loadPage(0);
  const [x0, , x1] = page.getBounds();
  const scale = 480 / (x1 - x0);
  const png = Buffer.from(page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true).asPNG());
  document.destroy();
  return sharp(png).webp({ quality: 78 }).toBuffer();
}

/** Tiny real objects of each kind, so every listed file downloads and every picture and plan has a preview. */
async function sampleObjects(): Promise<Record<DocumentType | 'thumbnail' | 'planThumbnail', Buffer>> {
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#b5651d' } });
  const [pdf, png, jpeg, thumbnail] = await Promise.all([samplePdf(), picture.clone().png().toBuffer(), picture.clone().jpeg().toBuffer(), picture.clone().webp().toBuffer()]);
  return { PDF: pdf, PNG: png, JPG: jpeg, JPEG: jpeg, thumbnail, planThumbnail: await firstPageWebp(pdf) };
}

async function writeObjects(store: ObjectStore, files: Plan['files']): Promise<void> {
  const samples = await sampleObjects();
  const jobs = files.flatMap((file) => [
    { key: file.storageKey, body: samples[file.documentType], contentType: file.contentType },
    ...(file.thumbnailKey ? [{ key: file.thumbnailKey, body: file.documentType === 'PDF' ? samples.planThumbnail : samples.thumbnail, contentType: 'image/webp' }] : []),
  ]);
  for (const file of files) file.size = samples[file.documentType].length;
  // A few at a time: on disk each is a small write and a rename, on S3 a request.
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) await store.put(job.key, Readable.from([job.body]), job.contentType);
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/**
 * Fills an empty database with a realistic installation (for trying the portal and for bench/workload.ts): four offices, their architects,
 * customers with Austrian addresses, projects with questionnaires in every state, change logs,
 * chats and files. Refuses a database that already holds projects.
 */
export async function seedDemo(data: DataLayer, options: SeedDemoOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const repository = data.repos.demo;
  if ((await repository.projectCount()) > 0) throw new DemoRefusedError('Die Datenbank enthält bereits Projekte: Demodaten werden nur in eine leere Datenbank geschrieben.');
  // One hash for every demo account: argon2 takes tens of milliseconds per hash, by design.
  const passwordHash = await hashPassword(demoPassword);
  const plan = planInstallation({
    scale: options.scale ?? 1,
    seed: options.seed ?? 13,
    now: (options.now ?? new Date()).getTime(),
    passwordHash,
    ids: await repository.highestIds(),
    withFiles: options.store !== undefined,
  });
  if (options.store) await writeObjects(options.store, plan.files);
  await data.transaction(async ({ demo: rows }) => {
    await rows.insertRows('teams', plan.teams);
    await rows.insertRows('users', plan.users);
    await rows.insertRows('teamMembers', plan.teamMembers);
    await rows.insertRows('notificationSettings', plan.notificationSettings);
    await rows.insertRows('projects', plan.projects);
    await rows.insertRows('projectViews', plan.projectViews);
    await rows.insertRows('questionnaireAnswers', plan.answers);
    await rows.insertRows('questionnaireChanges', plan.changes);
    await rows.insertRows('projectFiles', plan.files);
    await rows.insertRows('chats', plan.chats);
    await rows.insertRows('chatMessages', plan.messages);
    await rows.advanceIdSequences();
  });
  await repository.gatherStatistics();
  const architects = plan.users.filter((user) => user.role === 'ARCHI').map((user) => user.username);
  const architectIds = new Set(plan.users.filter((user) => user.role === 'ARCHI').map((user) => user.id));
  const sampleClients = [...architectIds].map((id) => plan.users.find((user) => user.createdById === id)?.username).filter((name): name is string => name !== undefined);
  return {
    counts: {
      teams: plan.teams.length,
      architects: architects.length,
      customers: plan.users.length - architects.length,
      projects: plan.projects.length,
      messages: plan.messages.length,
      files: plan.files.length,
      changes: plan.changes.length,
    },
    architects,
    sampleClients,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The lines a person trying the demo needs: who to log in as, with which password. */
export function demoLoginLines(summary: DemoSummary): string[] {
  const { counts } = summary;
  return [
    `Demodaten angelegt in ${summary.seconds.toFixed(1)} s: ${counts.teams} Büros, ${counts.architects} Architekt:innen, ${counts.customers} Kund:innen, ` +
      `${counts.projects} Projekte, ${counts.messages} Nachrichten, ${counts.files} Dateien.`,
    `Passwort für alle Demo-Konten: ${demoPassword}`,
    `Architekt:innen: ${summary.architects.slice(0, 4).join(', ')}${summary.architects.length > 4 ? ` … ${summary.architects.at(-1)}` : ''}`,
    `Kund:innen (z. B.): ${summary.sampleClients.slice(0, 4).join(', ')}`,
  ];
}

/** DEMO=1: an empty database gets the demo installation before the server listens; one with projects is left as it is. */
export async function seedDemoIfEmpty(data: DataLayer, store: ObjectStore, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  if ((await data.repos.demo.projectCount()) > 0) {
    log.info('DEMO: the database already holds projects, no demo data added');
    return;
  }
  const summary = await seedDemo(data, { store });
  for (const line of demoLoginLines(summary)) log.info(line);
}
