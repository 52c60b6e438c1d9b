import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { answerSheet, can, documentTypeOfFileName, offersPhoto, questionCatalogue, questionPhotoLimit, type QuestionKey, type QuestionnaireRecord } from '@bauakte/domain/labels';
import type { QuestionPhoto } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { de } from '../../i18n/de';
import { NetworkError } from '../../lib/api';
import { errorContexts } from '../../lib/error-contexts';
import { isOnline } from '../../lib/online-status';
import { fileKeys } from '../../lib/query-keys';
import { useServerAction } from '../../platform/actions/use-server-action';
import { useQueue } from '../../platform/offline/queue-context';
import type { QueueItem } from '../../platform/offline/queue-store';
import { useSession } from '../../platform/session/session-context';
import type { UploadRequest } from '../../platform/uploads/upload-request';
import { questionPhotosQuery, removeQuestionPhoto } from './question-photos-api';
import { useStepProject } from './step-project';

const t = de.questionnaire.photos;

/** Photos, as the server accepts them (JPG, PNG); a phone's camera hands over a JPEG. */
const isPhoto = (file: File) => ['JPG', 'JPEG', 'PNG'].includes(documentTypeOfFileName(file.name) ?? '');

type AddOutcome = 'added' | 'queued';

/** The photos waiting on this device for the question: sent with the next connection. */
function useWaiting(projectId: string, questionKey: QuestionKey): QueueItem[] {
  const { items } = useQueue();
  return (items ?? []).filter((item) => item.payload.kind === 'upload' && item.payload.projectId === projectId && item.payload.question === questionKey);
}

/**
 * 'Foto hinzufügen': sent at once with a connection; without one (or when it breaks off) the photo
 * waits in the offline queue like any upload and shows here as waiting.
 */
function useAddPhoto(projectId: string, questionKey: QuestionKey) {
  const queue = useQueue();
  const keep = async (request: UploadRequest): Promise<AddOutcome> => {
    const { file, ...fields } = request;
    await queue.enqueue({ kind: 'upload', ...fields, file, originalName: file.name });
    return 'queued';
  };
  return useServerAction<File, AddOutcome>({
    action: async (file) => {
      const documentType = documentTypeOfFileName(file.name) ?? 'JPG';
      const request: UploadRequest = { projectId, fileName: t.title(de.questionnaire.questions[questionKey]), comment: '', documentType, file, question: questionKey };
      if (queue.available && !isOnline()) return keep(request);
      try {
        // Loaded when a photo is sent: the plan viewer shares the request, and the questionnaire's start (with its forms' zod) must not hold it.
        const { uploadProjectFile } = await import('../../platform/uploads/upload-request');
        await uploadProjectFile(request);
      } catch (failure) {
        if (failure instanceof NetworkError && queue.available) return keep(request);
        throw failure;
      }
      return 'added';
    },
    invalidates: [fileKeys.questionPhotos(projectId)],
    status: (outcome) => (outcome === 'queued' ? t.savedOnDevice : t.added),
    errors: errorContexts.upload,
  });
}

interface PhotoTileProps {
  photo: QuestionPhoto;
  label: string;
  removeLabel: string;
  removable: boolean;
  busy: boolean;
  onRemove(): void;
}

function PhotoTile({ photo, label, removeLabel, removable, busy, onRemove }: PhotoTileProps) {
  return (
    <li className="flex w-28 flex-col gap-1">
      <a href={photo.file.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <img src={photo.file.thumbnailUrl ?? photo.file.url} alt={label} className="aspect-[4/3] w-full object-cover" />
      </a>
      {removable ? (
        <Button type="button" variant="outline" size="sm" busy={busy} onClick={onRemove} aria-label={removeLabel}>
          {t.remove}
        </Button>
      ) : null}
    </li>
  );
}

/** The photos of a question with 'Foto hinzufügen' and 'Entfernen', under the question on its step page. */
export function QuestionPhotos({ questionKey }: { questionKey: QuestionKey | undefined }) {
  const projectId = useStepProject();
  if (projectId === null || questionKey === undefined || !offersPhoto(questionKey)) return null;
  return <QuestionPhotoList projectId={projectId} questionKey={questionKey} />;
}

function QuestionPhotoList({ projectId, questionKey }: { projectId: string; questionKey: QuestionKey }) {
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const { user } = useSession();
  const question = de.questionnaire.questions[questionKey];
  const photos = (useQuery(questionPhotosQuery(projectId)).data ?? []).filter((photo) => photo.question === questionKey);
  const waiting = useWaiting(projectId, questionKey);
  const add = useAddPhoto(projectId, questionKey);
  const remove = useServerAction<QuestionPhoto>({
    confirm: () => ({ title: t.confirmRemove, confirmLabel: t.remove, destructive: true }),
    action: removeQuestionPhoto,
    itemOf: (photo) => photo.file.id,
    invalidates: [fileKeys.questionPhotos(projectId)],
    refetchAfterFailure: true,
    status: () => t.removed,
    errors: errorContexts.removeQuestionPhoto,
  });
  const full = photos.length + waiting.length >= questionPhotoLimit;
  const mayRemove = (photo: QuestionPhoto) => can(user, 'removeAnyQuestionPhoto') || photo.file.uploadedBy === user?.username;

  const chosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setRefused(isPhoto(file) ? undefined : t.notImage);
    if (isPhoto(file)) void add.run(file);
  };
  const listId = `question-${questionKey}-photos`;

  return (
    <div className="flex flex-col gap-2">
      {photos.length + waiting.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t.listLabel(question)}>
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.file.id}
              photo={photo}
              label={t.photo(question, index + 1)}
              removeLabel={t.removeNamed(question, index + 1)}
              removable={mayRemove(photo)}
              busy={remove.isBusy(photo.file.id)}
              onRemove={() => void remove.run(photo)}
            />
          ))}
          {waiting.map((item) => (
            <li key={item.id} className="flex aspect-[4/3] w-28 items-center justify-center rounded-md border border-dashed p-1 text-center text-xs text-muted-foreground">
              {t.waiting}
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={`${listId}-input`}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => chosen(event.target.files?.[0])}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {/* The question in hidden text, not as a label: getByLabel and the field keep one label each. */}
        <Button type="button" variant="outline" size="sm" busy={add.busy} disabled={full} onClick={() => input.current?.click()}>
          {t.add}
          <span className="sr-only">{t.addToQuestion(question)}</span>
        </Button>
        {full ? <span className="text-sm text-muted-foreground">{t.limitReached(questionPhotoLimit)}</span> : null}
      </div>
      <FormError>{refused ?? add.error ?? remove.error}</FormError>
      {add.status || remove.status ? (
        <p role="status" className="text-sm text-muted-foreground">
          {add.status ?? remove.status}
        </p>
      ) : null}
    </div>
  );
}

/** The photos of one question as small links to the pictures. */
function PhotoLinks({ question, photos }: { question: string; photos: QuestionPhoto[] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t.listLabel(question)}>
      {photos.map((photo, index) => (
        <li key={photo.file.id} className="w-24">
          <a href={photo.file.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <img src={photo.file.thumbnailUrl ?? photo.file.url} alt={t.photo(question, index + 1)} className="aspect-[4/3] w-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The answer given to the question, as the answer sheet shows it; null when none (or the record is not read yet). */
function answerOf(record: QuestionnaireRecord | undefined, key: QuestionKey): string | null {
  if (!record) return null;
  return answerSheet(record).flatMap((step) => step.rows).find((row) => row.key === key)?.answer ?? null;
}

/** The questions that hold photos, in the forms' order, each with the answer given and its photos. */
export function QuestionPhotoOverview({ projectId, record }: { projectId: string; record?: QuestionnaireRecord }) {
  const photos = useQuery(questionPhotosQuery(projectId)).data ?? [];
  const questions = (Object.keys(questionCatalogue) as QuestionKey[]).filter((key) => photos.some((photo) => photo.question === key));
  if (questions.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-3">
      <h3 className="text-sm font-semibold">{t.overviewTitle}</h3>
      <ul className="flex flex-col gap-3">
        {questions.map((key) => {
          const question = de.questionnaire.questions[key];
          const answer = answerOf(record, key);
          return (
            <li key={key} className="flex flex-col gap-1 text-sm">
              <span>{answer ? t.withAnswer(question, answer) : question}</span>
              <PhotoLinks question={question} photos={photos.filter((photo) => photo.question === key)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
