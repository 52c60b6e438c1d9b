import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { de } from '../../../i18n/de';
import { dateText } from '../../../lib/date-time';
import { viewportWidth } from '../../../lib/viewport-width';
import { firstImagePixelRatio, pageImageUrl, planSourceOf } from '../plan-viewer/plan-source';
import { pageWidthFor } from '../plan-viewer/zoom-pan';
import { comparePages, defaultPair, pairOf, type CompareMode, type ComparePair } from './compare-state';

const t = de.files.compare;

/** What one version shows of the page compared: its image's address, or why there is none. */
type Shown = { kind: 'image'; src: string } | { kind: 'missing'; text: string };

/**
 * Both versions are asked for at the same width (the window's, as the viewer's first image is, so
 * a page seen there comes from the cache and draws nothing more on the render budget); the browser
 * scales each to the width of its box, so both have the same scale whatever their pixel size.
 */
export function shownOf(file: ProjectFile, page: number, width = pageWidthFor(viewportWidth(), firstImagePixelRatio())): Shown {
  const source = planSourceOf(file);
  if (source.kind === 'image') return page === 1 ? { kind: 'image', src: source.url } : { kind: 'missing', text: t.noSuchPage(file.version, page) };
  if (source.kind === 'none') return { kind: 'missing', text: t.noPreview(file.version) };
  if (page > source.pageCount) return { kind: 'missing', text: t.noSuchPage(file.version, page) };
  return { kind: 'image', src: pageImageUrl(source.pagesUrl, page, width) };
}

/** A version's page at the full width of its box, its top left corner at the box's. */
function PageImage({ file, page, style }: { file: ProjectFile; page: number; style?: CSSProperties }) {
  const shown = shownOf(file, page);
  const [failed, setFailed] = useState<string | null>(null);
  if (shown.kind === 'missing' || failed === shown.src) {
    return <p className="bg-muted p-4 text-sm text-muted-foreground">{shown.kind === 'missing' ? shown.text : t.imageFailed(file.version)}</p>;
  }
  return <img src={shown.src} alt={t.pageImage(file.version, page)} className="block h-auto w-full border border-border bg-white" style={style} onError={() => setFailed(shown.src)} />;
}

function VersionSelect({ label, value, options, onChange }: { label: string; value: ProjectFile; options: ProjectFile[]; onChange(file: ProjectFile): void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value.id} className="h-11 md:h-10" onChange={(event) => onChange(options.find((file) => file.id === Number(event.target.value)) ?? value)}>
        {options.map((file) => (
          <option key={file.id} value={file.id}>
            {t.versionOption(file.version, dateText(file.uploadedAt))}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function PageSelect({ page, pageCount, onChange }: { page: number; pageCount: number; onChange(page: number): void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{t.page}</Label>
      <NativeSelect id={id} value={page} className="h-11 md:h-10" disabled={pageCount < 2} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: pageCount }, (_, index) => (
          <option key={index + 1} value={index + 1}>
            {t.pageOption(index + 1)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function ModeSwitch({ mode, onChange }: { mode: CompareMode; onChange(mode: CompareMode): void }) {
  const choice = (value: CompareMode, label: string) => (
    <Button variant={mode === value ? 'default' : 'outline'} className="h-11 md:h-10" aria-pressed={mode === value} onClick={() => onChange(value)}>
      {label}
    </Button>
  );
  return (
    <div role="group" aria-label={t.mode} className="flex gap-1 self-end">
      {choice('side', t.sideBySide)}
      {choice('overlay', t.overlay)}
    </div>
  );
}

/** 'Überblendung': 0 shows only the older version, 100 only the newer; arrows and Home/End move it. */
function BlendSlider({ before, after, value, onChange }: { before: number; after: number; value: number; onChange(value: number): void }) {
  const id = useId();
  const hint = useId();
  return (
    <div className="flex min-w-56 flex-1 flex-col gap-1">
      <Label htmlFor={id}>{t.blend}</Label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={value}
        aria-describedby={hint}
        aria-valuetext={t.blendValue(before, after, value)}
        className="h-11 w-full accent-primary"
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <p id={hint} className="text-xs text-muted-foreground">
        {t.blendHint(before, after)}
      </p>
    </div>
  );
}

function Figure({ file, children }: { file: ProjectFile; children: ReactNode }) {
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-sm font-medium">{t.versionOption(file.version, dateText(file.uploadedAt))}</figcaption>
      {children}
    </figure>
  );
}

interface CompareProps {
  /** The plan's versions that can be shown, newest first (two at least). */
  versions: ProjectFile[];
  onClose(): void;
}

/**
 * 'Versionen vergleichen': a page of two versions (the current one and the one before, unless
 * chosen otherwise) side by side, or laid over each other with a slider between them. Both are
 * shown at the same width, aligned at their top left corners, so what moved between the versions
 * shows as a shift; pages of another size or shape stay aligned at that corner.
 */
export function PlanCompare({ versions, onClose }: CompareProps) {
  const [chosen, setChosen] = useState(() => defaultPair(versions));
  const pair = pairOf(versions, chosen);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="screen">
        <div className="flex min-h-14 items-center border-b border-border py-2 pl-4 pr-14">
          <DialogTitle className="line-clamp-2 break-words text-base md:text-lg">{t.title(versions[0]?.name ?? '')}</DialogTitle>
        </div>
        {pair ? <CompareBody versions={versions} pair={pair} onChoose={(next) => setChosen({ before: next.before.id, after: next.after.id })} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CompareBody({ versions, pair, onChoose }: { versions: ProjectFile[]; pair: ComparePair; onChoose(pair: ComparePair): void }) {
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<CompareMode>('side');
  const [blend, setBlend] = useState(50);
  const { before, after } = pair;
  const pageCount = comparePages(before, after);
  const shownPage = Math.min(page, pageCount);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3 md:p-4">
      <DialogDescription className="text-sm text-muted-foreground">{t.description}</DialogDescription>
      <div className="flex flex-wrap items-end gap-3">
        <VersionSelect label={t.before} value={before} options={versions.filter((file) => file.version < after.version)} onChange={(file) => onChoose({ before: file, after })} />
        <VersionSelect label={t.after} value={after} options={versions.filter((file) => file.version > before.version)} onChange={(file) => onChoose({ before, after: file })} />
        <PageSelect page={shownPage} pageCount={pageCount} onChange={setPage} />
        <ModeSwitch mode={mode} onChange={setMode} />
        {mode === 'overlay' ? <BlendSlider before={before.version} after={after.version} value={blend} onChange={setBlend} /> : null}
      </div>
      {mode === 'side' ? (
        <div className="grid max-w-6xl grid-cols-1 items-start gap-3 md:grid-cols-2">
          <Figure file={before}>
            <PageImage key={`${before.id}-${shownPage}`} file={before} page={shownPage} />
          </Figure>
          <Figure file={after}>
            <PageImage key={`${after.id}-${shownPage}`} file={after} page={shownPage} />
          </Figure>
        </div>
      ) : (
        // One cell for both: the taller page sets the height, both start at its top left corner.
        <div data-testid="compare-overlay" className="grid max-w-3xl items-start [&>*]:[grid-area:1/1]">
          <PageImage key={`${before.id}-${shownPage}`} file={before} page={shownPage} />
          <PageImage key={`${after.id}-${shownPage}`} file={after} page={shownPage} style={{ opacity: blend / 100 }} />
        </div>
      )}
    </div>
  );
}
