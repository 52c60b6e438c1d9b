import type { FieldErrors, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { documentTypeOfFileName, fileTitleMaxLength, type DocumentType } from '@bauakte/domain/labels';
import { originalFileNameSchema, requestObject, uploadFieldsSchema } from '@bauakte/domain/schemas';
import { de } from '../../i18n/de';
import { schemaResolver } from '../../lib/form-messages';

/** The upload form as the inputs hold it; the file is chosen through the drop zone. */
export interface UploadFormValues {
  file: File | null;
  /** The title (the spec's fileName). */
  fileName: string;
  comment: string;
  /** Why the last file chosen was refused; it stays the file's message until another file is chosen. */
  refusal: string | null;
}

/** What a valid form gives: the upload without its project, which comes from the session. */
export interface UploadFormOutput {
  file: File;
  documentType: DocumentType;
  fileName: string;
  comment: string;
}

export const emptyUploadForm: UploadFormValues = { file: null, fileName: '', comment: '', refusal: null };

/**
 * Why a chosen list of files cannot be taken (spec section 5: one file, jpg/jpeg/png/pdf; its name
 * by the server's rule for file names), or null.
 */
export function fileChoiceProblem(files: readonly File[]): string | null {
  if (files.length === 0) return de.files.noFile;
  if (files.length > 1) return de.files.onlyOneFile;
  const name = originalFileNameSchema.safeParse(files[0]?.name ?? '');
  if (!name.success) return name.error.issues[0]?.message ?? de.files.noFile;
  return documentTypeOfFileName(name.data) === null ? de.files.badExtension : null;
}

/** A title to start from: the file's name without its extension, as long as a title may be. */
export function titleOfFileName(fileName: string): string {
  return Array.from(fileName.normalize('NFC').replace(/\.[^.]+$/, '')).slice(0, fileTitleMaxLength).join('').trim();
}

/**
 * The title once another file is chosen. One the person typed stays; an empty one, or one taken
 * from the previous file's name, follows the new file: a refused 'fake.pdf' must not name the photo
 * chosen after it.
 */
export function titleAfterChoice(current: string, derivedFromPrevious: string, fileName: string): string {
  const typed = current.trim() !== '' && current !== derivedFromPrevious;
  return typed ? current : titleOfFileName(fileName);
}

/** Title and comment by the server's rules and messages. */
const textsResolver = schemaResolver(requestObject({ fileName: uploadFieldsSchema.shape.fileName, comment: uploadFieldsSchema.shape.comment }));
type TextInput = Parameters<typeof textsResolver>[0];

/**
 * The domain schema checks title and comment; the file (no zod schema describes a browser File)
 * is checked here by the same rules as a choice in the drop zone.
 */
export const uploadFormResolver: Resolver<UploadFormValues, unknown, UploadFormOutput> = async (
  values,
  context,
  options,
): Promise<ResolverResult<UploadFormValues, UploadFormOutput>> => {
  const { file, refusal, ...texts } = values;
  // The text resolver reads only the options' field references and modes, which hold for its fields too.
  const checked = await textsResolver(texts, context, options as unknown as ResolverOptions<TextInput>);
  // A refused choice is not 'no file': the submit repeats why it was refused.
  const fileProblem = file === null ? (refusal ?? de.files.noFile) : fileChoiceProblem([file]);
  const documentType = file === null ? null : documentTypeOfFileName(file.name);
  const errors: FieldErrors<UploadFormValues> = { ...checked.errors };
  if (fileProblem !== null) errors.file = { type: 'validate', message: fileProblem };
  if (Object.keys(errors).length > 0 || file === null || documentType === null) return { values: {}, errors };
  const { fileName, comment } = checked.values as { fileName: string; comment: string };
  return { values: { file, documentType, fileName, comment }, errors: {} };
};

/**
 * Spec section 5: a submit without a valid file, a non-blank title or a project says so in one
 * sentence. Other refusals (a title too long) stand beside their fields alone, and so does a refused
 * file: its message already says what is wrong with it and which types are taken.
 */
export function isIncomplete(values: UploadFormValues, projectId: string | null): boolean {
  if (values.refusal !== null) return false;
  if (projectId === null || values.file === null || values.fileName.trim() === '') return true;
  return documentTypeOfFileName(values.file.name) === null;
}
