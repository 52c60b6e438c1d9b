import {
  exportFileName,
  formatKatastral,
  withoutHiddenAnswers,
  type Project,
  type QuestionnaireRecord,
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

/** A pin as exported: its photo named by the photo file's title (files are listed without ids). */
const pinOf = (pin: Pin, titles: ReadonlyMap<number, string>, version: number): ExportPin => ({
  number: pin.number,
  version,
  page: pin.page,
  x: pin.x,
  y: pin.y,
  comment: pin.comment,
  photo: pin.photoFileId === null ? null : (titles.get(pin.photoFileId) ?? null),
  createdBy: pin.authorName,
  createdAt: pin.createdAt,
});

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
function exportQuestionnaireOf(record: QuestionnaireRecord, project: Project): ProjectExport['questionnaire'] {
  const general = record.general ? { ...record.general, katastral: record.general.katastral ?? project.address.katastral } : null;
  return {
    general: general ? { ...withoutHiddenAnswers('general', general), katastralCode: formatKatastral(general.katastral) } : null,
    storeys: withoutHiddenAnswers('storeys', record.storeys ?? null),
    windows: withoutHiddenAnswers('windows', record.windows ?? null),
    heating: withoutHiddenAnswers('heating', record.heating ?? null),
  };
}

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
  async function gather(project: CheckedProject<'manage'>): Promise<{ document: ProjectExport; previewKeys: (string | null)[] }> {
    const [details, record, listed, customer, architect, pins] = await Promise.all([
      deps.data.repos.projects.get(project.id),
      deps.data.repos.questionnaire.record(project.id),
      deps.files.listWithPreviews(project),
      userOf(project.assignedUserId),
      userOf(project.createdById),
      deps.pins.listOfProject(project.id),
    ]);
    const titles = new Map(listed.flatMap(({ file, versions }) => [file, ...versions].map((each) => [each.id, each.name] as const)));
    // A plan's pins on every version, newest version first, each naming the version it was placed on.
    const pinsOfPlan = (versions: FileDescription[]) =>
      versions.flatMap((version) => pins.filter((pin) => pin.fileId === version.id).map((pin) => pinOf(pin, titles, version.version)));
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
    };
    return { document, previewKeys: listed.map(({ previewKey }) => previewKey) };
  }

  const data = async (project: CheckedProject<'manage'>) => (await gather(project)).document;

  /** The previews of the first images; the export process reads them from the store itself. */
  const previewsInPdf = (keys: (string | null)[]) => {
    let left = thumbnailsInPdf;
    return keys.map((key) => (key && left-- > 0 ? key : null));
  };

  async function pdf(project: CheckedProject<'manage'>): Promise<ExportFile & { projectName: string }> {
    const [{ document, previewKeys }, changes] = await Promise.all([gather(project), deps.data.repos.questionnaire.changes(project.id, { offset: 0, limit: changesInPdf })]);
    const input: PdfRenderInput = { document, changes, previewKeys: previewsInPdf(previewKeys), store: deps.storeConfig };
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
