import { useEffect, useRef, useState, type DragEvent, type Ref } from 'react';
import { formatFileSize } from '@bauakte/domain/labels';
import { FileUp } from 'lucide-react';
import { FieldError, joinIds } from '../../components/ui/form-field';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';

const t = de.files.modal;

/** What the picker offers: the spec's extensions and their media types (phones filter by the latter). */
export const acceptedFiles = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

const carriesFiles = (event: globalThis.DragEvent | DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** A file dropped beside the zone would make the browser leave the page to show it. */
function useNoDropOutside(): void {
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);
}

interface DropZoneProps {
  id: string;
  file: File | null;
  error?: string;
  disabled: boolean;
  /** Receives the focus when the form points at a missing file. */
  buttonRef?: Ref<HTMLButtonElement>;
  onFiles(files: File[]): void;
}

/**
 * The drag-and-drop area of 'Plan hochladen'; a click, Enter or Space opens the file picker of the
 * hidden input. It passes on whatever was dropped or picked; the form decides what it accepts.
 */
export function DropZone({ id, file, error, disabled, buttonRef, onFiles }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;
  useNoDropOutside();

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-2">
      <button
        ref={buttonRef}
        id={id}
        type="button"
        disabled={disabled}
        aria-describedby={joinIds(file !== null && chosenId, Boolean(error) && errorId)}
        onClick={() => inputRef.current?.click()}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex w-full flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input bg-background px-4 py-8 text-center transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          dragging && 'border-primary bg-accent',
          error && 'border-destructive',
        )}
      >
        <FileUp aria-hidden className="size-8 text-muted-foreground" />
        <span className="font-medium">{t.dropZone}</span>
        <span className="text-sm text-muted-foreground">{t.dropZoneHint}</span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={acceptedFiles}
        aria-label={t.file}
        tabIndex={-1}
        disabled={disabled}
        className="hidden"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          // Picking the same file again must count as a new choice.
          event.currentTarget.value = '';
        }}
      />
      {file ? (
        <p id={chosenId} className="text-sm break-words">
          {t.chosen(file.name, formatFileSize(file.size))}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
