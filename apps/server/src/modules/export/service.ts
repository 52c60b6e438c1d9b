import {
  exportFileName,
  formatKatastral,
  questionCatalogue,
  questionLabels,
  participantName,
  settledAnswers,
  type Project,
  type QuestionnaireRecord,
  type QuestionnaireStep,
  exportMailsPerHour,
  exportSchemaVersion,
  serverMessages,
  type ExportFormat,
  type Pin,
  type ProjectExport,
  type SendExportResponse,
} from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { UserRow } from '../../platform/db/schema';
import { AppError, tooManyRequests } from '../../platform/errors';
import { MailDeliveryError, type Mailer } from '../../platform/mail/mailer';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import type { FileDescription, FileService } from '../files/service';
import type { PinService } from '../pins/service';
import type { FollowUpRow } from '../questionnaire/follow-up-repository';
import type { DataLayer } from '../../platform/db/repositories';
import type { ExportFile } from './export-file';
import { exportMail } from './mails';
import type { PdfRenderer, PdfRenderInput, PdfStoreConfig } from './pdf/pdf-renderer';

export const exportMailRules = { 'export-mail': { maxAttempts: exportMailsPerHour, windowMs: 60 * 60_000 } };

/** The PDF shows this many change-log entries, and previews of this many images; the list holds all files. */
const changesInPdf = 15;
const thumbnailsInPdf = 60;

/** Contact details only: never a password hash, token or internal id. */
const personOf = (user: UserRow | undefined): ProjectExport['customer'] =>
  user ? { username: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email, phoneNumber: user.phoneNumber } : null;

type ExportPin = ProjectExport['files'][number]['pins'][number];

/** Where a pin lies: its plan's version and its number there (what a carried pin names as its origin). */
type PinPlace = { version: number; number: number };

/** A pin as exported: its photos named by their files' titles (files are listed without ids), with its item's state and story. */
const pinOf = (pin: Pin, titles: ReadonlyMap<number, string>, version: number, places: ReadonlyMap<number, PinPlace>): ExportPin => ({
  number: pin.number,
  version,
  page: pin.page,
  x: pin.x,
  y: pin.y,
  comment: pin.comment,
  photo: pin.photoFileId === null ? null : (titles.get(pin.photoFileId) ?? null),
  photos: titlesOf(pin.photoFileIds, titles),
  createdBy: pin.authorName,
  createdAt: pin.createdAt,
  status: pin.status,
  kind: pin.kind,
  responsible: pin.responsible ? participantName(pin.responsible) : null,
  dueDate: pin.dueDate,
  carriedFrom: pin.carriedFromPinId === null ? null : (places.get(pin.carriedFromPinId) ?? null),
  statusHistory: pin.statusHistory.map((change) => ({ from: change.from, to: change.to, by: change.byName, at: change.at })),
  replies: pin.replies.map((reply) => ({ text: reply.text, by: reply.byName, at: reply.at, photos: titlesOf(reply.photoFileIds, titles) })),
});

const titlesOf = (fileIds: readonly number[], titles: ReadonlyMap<number, string>): string[] => fileIds.flatMap((id) => titles.get(id) ?? []);

/** The plan as described by its current file, its versions and the pins on them, without signed links and storage keys. */
const fileOf = (file: FileDescription, versions: FileDescription[], pins: ExportPin[]): ProjectExport['files'][number] => ({
  name: file.name,
  comment: file.comment,
  fileName: file.originalName,
  documentType: file.documentType,
  contentType: file.contentType,
  size: file.size,
  uploadedBy: file.uploadedByName,
  uploadedAt: file.uploadedAt,
  version: file.version,
  versions: versions.map((version) => ({
    version: version.version,
    name: version.name,
    fileName: version.originalName,
    size: version.size,
    uploadedBy: version.uploadedByName,
    uploadedAt: version.uploadedAt,
  })),
  pins,
});

/** The project with its KG number also as the five-digit code, which a number loses ('01544' → 1544). */
const exportProjectOf = (project: Project): ProjectExport['project'] => ({
  ...project,
  address: { ...project.address, katastralCode: formatKatastral(project.address.katastral) },
});

/**
 * The stored answers as exported: what the answers hide is left out (also of saves from before a
 * question was hidden), and the general step carries the project's KG number when it holds none.
 */
type Exported = ProjectExport['questionnaire'];

/**
 * A stored step as the export shows it: nothing hidden, and the lists of 'Weiß ich nicht' answers
 * and of confirmed unusual values always there (saves from before they existed hold none).
 */
function exportedStep<S extends QuestionnaireStep>(step: S, answers: QuestionnaireRecord[S]): Exported[S] {
  if (!answers) return null;
  const settled = settledAnswers(step, answers) as NonNullable<QuestionnaireRecord[S]>;
  // The storeys hold no unusual values to confirm, so they carry no list of them.
  const confirmed = step === 'storeys' ? {} : { confirmed: 'confirmed' in settled ? settled.confirmed : [] };
  return { ...settled, unknown: settled.unknown ?? [], ...confirmed } as Exported[S];
}

function exportQuestionnaireOf(record: QuestionnaireRecord, project: Project): Exported {
  const general = record.general ? { ...record.general, katastral: record.general.katastral ?? project.address.katastral } : null;
  const exportedGeneral = exportedStep('general', general);
  return {
    general: exportedGeneral ? { ...exportedGeneral, katastralCode: formatKatastral(exportedGeneral.katastral) } : null,
    storeys: exportedStep('storeys', record.storeys ?? null),
    windows: exportedStep('windows', record.windows ?? null),
    heating: exportedStep('heating', record.heating ?? null),
  };
}

type QuestionPhotoListed = Awaited<ReturnType<FileService['questionPhotosWithPreviews']>>[number];

const questionOrder = Object.keys(questionCatalogue);
/** The photos in the forms' order of their questions, each question's oldest first (as listed). */
const byQuestion = (photos: QuestionPhotoListed[]) =>
  [...photos].sort((a, b) => questionOrder.indexOf(a.question) - questionOrder.indexOf(b.question));

/** A follow-up as the export lists it: the question by its field name and its words, the note and the answer. */
const followUpOf = (row: FollowUpRow): ProjectExport['followUps'][number] => ({
  step: questionCatalogue[row.questionKey].step,
  question: row.questionKey,
  questionText: questionLabels[row.questionKey],
  note: row.note,
  status: row.status,
  by: row.createdByName,
  at: row.createdAt,
  answer: row.answer,
  answeredBy: row.answeredByName,
  answeredAt: row.answeredAt,
});

const questionPhotoOf = ({ step, question, file }: QuestionPhotoListed): ProjectExport['questionPhotos'][number] => ({
  step,
  question,
  name: file.name,
  fileName: file.originalName,
  contentType: file.contentType,
  size: file.size,
  uploadedBy: file.uploadedByName,
  uploadedAt: file.uploadedAt,
});

const contentTypes: Record<ExportFormat, string> = { pdf: 'application/pdf', json: 'application/json; charset=utf-8' };

export interface ExportServiceDeps {
  data: DataLayer;
  files: FileService;
  pins: PinService;
  pdf: PdfRenderer;
  mailer: Mailer;
  limiter: AttemptLimiter;
  publicUrl: string;
  /** Where project files are: the export process opens the same store to read the previews. */
  storeConfig: PdfStoreConfig;
}

/** The project export: the JSON document, the PDF built from the same data, and mailing either. */
export function createExportService(deps: ExportServiceDeps) {
  const userOf = async (id: number | null) => (id === null ? undefined : deps.data.repos.users.findById(id));

  /** The document and the files it lists (the PDF needs their ids for the previews). */
  async function gather(project: CheckedProject<'manage'>): Promise<{ document: ProjectExport; previewKeys: (string | null)[]; photoKeys: (string | null)[] }> {
    const [details, record, listed, customer, architect, pins, photos, itemPhotos, followUps] = await Promise.all([
      deps.data.repos.projects.get(project.id),
      deps.data.repos.questionnaire.record(project.id),
      deps.files.listWithPreviews(project),
      userOf(project.assignedUserId),
      userOf(project.createdById),
      deps.pins.listOfProject(project.id),
      deps.files.questionPhotosWithPreviews(project).then(byQuestion),
      deps.data.repos.itemPhotos.listOfProject(project.id),
      deps.data.repos.followUps.listOfProject(project.id),
    ]);
    const titles = new Map([
      ...listed.flatMap(({ file, versions }) => [file, ...versions].map((each) => [each.id, each.name] as const)),
      ...itemPhotos.map((photo) => [photo.id, photo.name] as const),
    ]);
    // A plan's pins on every version, newest version first, each naming the version it was placed on.
    const versionOfFile = new Map(listed.flatMap(({ file, versions }) => [file, ...versions].map((each) => [each.id, each.version] as const)));
    const places = new Map(pins.map((pin) => [pin.id, { version: versionOfFile.get(pin.fileId) ?? 1, number: pin.number }] as const));
    const pinsOfPlan = (versions: FileDescription[]) =>
      versions.flatMap((version) => pins.filter((pin) => pin.fileId === version.id).map((pin) => pinOf(pin, titles, version.version, places)));
    const document: ProjectExport = {
      schemaVersion: exportSchemaVersion,
      exportedAt: new Date().toISOString(),
      project: exportProjectOf(details),
      customer: personOf(customer),
      architect: personOf(architect),
      questionnaire: exportQuestionnaireOf(record, details),
      progress: details.progress,
      status: details.status,
      files: listed.map(({ file, versions }) => fileOf(file, versions, pinsOfPlan(versions.length > 0 ? versions : [file]))),
      questionPhotos: photos.map(questionPhotoOf),
      followUps: followUps.map(followUpOf),
    };
    return { document, previewKeys: listed.map(({ previewKey }) => previewKey), photoKeys: photos.map(({ previewKey }) => previewKey) };
  }

  const data = async (project: CheckedProject<'manage'>) => (await gather(project)).document;

  /** The previews of the first images; the export process reads them from the store itself. */
  const previewsInPdf = (keys: (string | null)[]) => {
    let left = thumbnailsInPdf;
    return keys.map((key) => (key && left-- > 0 ? key : null));
  };

  async function pdf(project: CheckedProject<'manage'>): Promise<ExportFile & { projectName: string }> {
    const [{ document, previewKeys, photoKeys }, changes] = await Promise.all([gather(project), deps.data.repos.questionnaire.changes(project.id, { offset: 0, limit: changesInPdf })]);
    const input: PdfRenderInput = { document, changes, previewKeys: previewsInPdf(previewKeys), photoKeys, store: deps.storeConfig };
    return { fileName: exportFileName(document.project, 'pdf'), contentType: contentTypes.pdf, content: await deps.pdf.render(input), projectName: document.project.name };
  }

  async function json(project: CheckedProject<'manage'>): Promise<ExportFile & { projectName: string }> {
    const document = await data(project);
    return { fileName: exportFileName(document.project, 'json'), contentType: contentTypes.json, content: Buffer.from(JSON.stringify(document, null, 2)), projectName: document.project.name };
  }

  const file = (project: CheckedProject<'manage'>, format: ExportFormat) => (format === 'pdf' ? pdf(project) : json(project));

  /**
   * Mails the export to any address the architect names: limited per architect, since anyone could
   * be mailed. Sent at once, not through the mail queue: the architect waits for the answer, and a
   * PDF of many megabytes does not belong in the database; a failure answers 502 to try again.
   */
  async function send(caller: AuthUser, project: CheckedProject<'manage'>, format: ExportFormat, email: string): Promise<SendExportResponse> {
    const limitKey = `export-mail:${caller.id}`;
    const verdict = await deps.limiter.hit([limitKey]);
    if (!verdict.allowed) throw tooManyRequests(serverMessages.tooManyExportMails(exportMailsPerHour), verdict.retryAfterSeconds);
    try {
      const [attachment, sender] = await Promise.all([file(project, format), deps.data.repos.users.findById(caller.id)]);
      await deps.mailer.send(exportMail({ to: email, sender, projectName: attachment.projectName, format, attachment, publicUrl: deps.publicUrl }));
    } catch (error) {
      // Nothing went out, so it does not count against the hour's mails.
      await deps.limiter.forgive(limitKey);
      if (error instanceof MailDeliveryError) throw new AppError('MAIL_FAILED', serverMessages.exportMailFailed);
      throw error;
    }
    return { message: serverMessages.exportSent(email), email };
  }

  return { data, file, send };
}

export type ExportService = ReturnType<typeof createExportService>;
