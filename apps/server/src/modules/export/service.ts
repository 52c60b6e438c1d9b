import { exportSchemaVersion, type ProjectExport, type ProjectFile } from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { UserRow } from '../../platform/db/schema';
import type { FileService } from '../files/service';
import type { ProjectRepository } from '../projects/repository';
import type { QuestionnaireRepository } from '../questionnaire/repository';
import type { UserRepository } from '../users/repository';

/** Contact details only: never a password hash, token or internal id. */
const personOf = (user: UserRow | undefined): ProjectExport['customer'] =>
  user ? { username: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email, phoneNumber: user.phoneNumber } : null;

/** The file as described, without its signed links and storage keys. */
const fileOf = (file: ProjectFile): ProjectExport['files'][number] => ({
  name: file.name,
  comment: file.comment,
  fileName: file.originalName,
  documentType: file.documentType,
  contentType: file.contentType,
  size: file.size,
  uploadedBy: file.uploadedByName,
  uploadedAt: file.uploadedAt,
});

/** The project export (issue 11): the JSON document; the PDF builds on the same data. */
export function createExportService(deps: { projects: ProjectRepository; answers: QuestionnaireRepository; users: UserRepository; files: FileService }) {
  const userOf = async (id: number | null) => (id === null ? undefined : deps.users.findById(id));

  return {
    async data(project: CheckedProject<'manage'>): Promise<ProjectExport> {
      const [details, record, files, customer, architect] = await Promise.all([
        deps.projects.get(project.id),
        deps.answers.record(project.id),
        deps.files.list(project),
        userOf(project.assignedUserId),
        userOf(project.createdById),
      ]);
      return {
        schemaVersion: exportSchemaVersion,
        exportedAt: new Date().toISOString(),
        project: details,
        customer: personOf(customer),
        architect: personOf(architect),
        questionnaire: {
          general: record.general ?? null,
          storeys: record.storeys ?? null,
          windows: record.windows ?? null,
          heating: record.heating ?? null,
        },
        progress: details.progress,
        status: details.status,
        files: files.map(fileOf),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
