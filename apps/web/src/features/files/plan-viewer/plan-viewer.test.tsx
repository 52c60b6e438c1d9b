import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { firstPageImage, planSourceOf } from './plan-source';

/** A page kept on the device (a project made available offline); none unless a test keeps one. */
const kept = vi.hoisted(() => ({ recall: vi.fn(async (_planKey: string, _page: number): Promise<Blob | undefined> => undefined) }));
vi.mock('../../../platform/offline/read-cache-pages', async (original) => ({
  ...(await original<typeof import('../../../platform/offline/read-cache-pages')>()),
  recallKeptPlanPage: kept.recall,
}));
import { PlanViewer } from './plan-viewer';

const photo: ProjectFile = {
  id: 35,
  url: '/api/s3/download/7/35?expires=1795000000&signature=abc',
  thumbnailUrl: '/api/s3/download/7/35/thumbnail?expires=1795000000&signature=def', previewPending: false,
  name: 'Ansicht Süd',
  comment: '',
  documentType: 'PNG',
  contentType: 'image/png',
  size: 1572864,
  originalName: 'ansicht-sued.png',
  uploadedBy: 'klara',
  uploadedByName: 'Klara Kundin',
  uploadedAt: '2026-11-22T13:05:00.000Z',
  pageCount: null,
  pagesUrl: null,
  planId: 35,
  version: 1,
  versionCount: 1,
};

const pagesUrl = '/api/s3/download/7/34/pages?expires=1795000000&signature=ghi';
const drawing: ProjectFile = {
  ...photo,
  id: 34,
  planId: 34,
  url: '/api/s3/download/7/34?expires=1795000000&signature=jkl',
  thumbnailUrl: null,
  name: 'Grundriss EG',
  documentType: 'PDF',
  contentType: 'application/pdf',
  originalName: 'grundriss.pdf',
  pageCount: 5,
  pagesUrl,
};

const stage = { width: 800, height: 600 };

// jsdom lays nothing out: the stage gets a size, every other element none.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-plan-stage') ? stage.width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-plan-stage') ? stage.height : 0;
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Opener({ file }: { file: ProjectFile }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Kachel
      </button>
      <PlanViewer file={file} open={open} onOpenChange={setOpen} />
    </>
  );
}

function setup(file: ProjectFile) {
  render(<Opener file={file} />);
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: file.name }) };
}

/** The browser has loaded the image at this natural size. */
function loaded(image: HTMLElement, width: number, height: number) {
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(image);
}

const stageImages = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll('[data-plan-stage] img'));
const zoomText = (dialog: HTMLElement) => within(within(dialog).getByRole('group', { name: 'Zoom' })).getByText(/ %$/).textContent;

describe('PlanViewer: an image', () => {
  it('opens full-screen titled by the file, the original on the stage, fitted to 100 %', () => {
    const { dialog } = setup(photo);
    expect(dialog.className.split(' ')).toEqual(expect.arrayContaining(['fixed', 'inset-0', 'h-dvh', 'w-full']));
    expect(within(dialog).getByRole('heading', { name: 'Ansicht Süd' })).toBeTruthy();
    const image = within(dialog).getByAltText('Ansicht Süd');
    expect(image.getAttribute('src')).toBe(photo.url);
    loaded(image, 1600, 1200);
    expect(zoomText(dialog)).toBe('100 %');
    expect(within(dialog).queryByRole('group', { name: 'Seiten' })).toBeNull();
  });

  it("zooms with 'Vergrößern', 'Verkleinern' and 'Einpassen', each a 44 px target", async () => {
    const { dialog, user } = setup(photo);
    loaded(within(dialog).getByAltText('Ansicht Süd'), 1600, 1200);
    for (const name of ['Vergrößern', 'Verkleinern', 'Einpassen']) expect(within(dialog).getByRole('button', { name }).className).toContain('size-11');
    await user.click(within(dialog).getByRole('button', { name: 'Vergrößern' }));
    expect(zoomText(dialog)).toBe('125 %');
    await user.click(within(dialog).getByRole('button', { name: 'Vergrößern' }));
    expect(zoomText(dialog)).toBe('156 %');
    await user.click(within(dialog).getByRole('button', { name: 'Verkleinern' }));
    expect(zoomText(dialog)).toBe('125 %');
    await user.click(within(dialog).getByRole('button', { name: 'Einpassen' }));
    expect(zoomText(dialog)).toBe('100 %');
  });

  it('takes the focus itself on open, and answers +, -, 0 and the arrow keys', async () => {
    const { dialog, user } = setup(photo);
    expect(document.activeElement).toBe(dialog);
    const image = within(dialog).getByAltText('Ansicht Süd');
    loaded(image, 1600, 1200);
    const box = () => (image.parentElement as HTMLElement).style.transform;
    await user.keyboard('+');
    expect(zoomText(dialog)).toBe('125 %');
    await user.keyboard('++');
    expect(zoomText(dialog)).toBe('195 %');
    const before = box();
    await user.keyboard('{ArrowRight}');
    expect(box()).not.toBe(before);
    await user.keyboard('-');
    expect(zoomText(dialog)).toBe('156 %');
    await user.keyboard('0');
    expect(zoomText(dialog)).toBe('100 %');
  });

  it('pans by dragging and zooms with two fingers', () => {
    const { dialog } = setup(photo);
    const image = within(dialog).getByAltText('Ansicht Süd');
    loaded(image, 1600, 1200);
    const stageElement = dialog.querySelector('[data-plan-stage]') as HTMLElement;
    expect(stageElement.className).toContain('touch-none');
    const box = () => (image.parentElement as HTMLElement).style.transform;
    fireEvent.keyDown(dialog, { key: '+' });
    fireEvent.keyDown(dialog, { key: '+' });
    const zoomed = box();
    fireEvent.pointerDown(stageElement, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 400, clientY: 300 });
    fireEvent.pointerMove(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 350, clientY: 280 });
    fireEvent.pointerUp(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 350, clientY: 280 });
    expect(box()).not.toBe(zoomed);
    expect(zoomText(dialog)).toBe('156 %');

    fireEvent.pointerDown(stageElement, { pointerId: 2, pointerType: 'touch', clientX: 350, clientY: 300 });
    fireEvent.pointerDown(stageElement, { pointerId: 3, pointerType: 'touch', clientX: 450, clientY: 300 });
    fireEvent.pointerMove(stageElement, { pointerId: 3, pointerType: 'touch', clientX: 550, clientY: 300 });
    // Drawn as the fingers move; the zoom is read out once they lift.
    expect(box()).toMatch(/scale\(2\)$/);
    fireEvent.pointerUp(stageElement, { pointerId: 3, pointerType: 'touch' });
    fireEvent.pointerUp(stageElement, { pointerId: 2, pointerType: 'touch' });
    expect(zoomText(dialog)).toBe('313 %');
    expect(box()).toMatch(/scale\(1\)$/);
  });

  it('zooms with the mouse wheel, and says the zoom once the wheel pauses', async () => {
    const { dialog } = setup(photo);
    loaded(within(dialog).getByAltText('Ansicht Süd'), 1600, 1200);
    fireEvent.wheel(dialog.querySelector('[data-plan-stage]') as HTMLElement, { deltaY: -200, clientX: 400, clientY: 300 });
    expect(zoomText(dialog)).toBe('100 %');
    await vi.waitFor(() => expect(zoomText(dialog)).toBe('149 %'));
  });

  it('covers the pins while the plan moves, with a grabbing hand while it is dragged, and uncovers them when it stops', async () => {
    render(<PlanViewer file={photo} open onOpenChange={() => undefined} pageOverlay={<button type="button">Pin 1</button>} />);
    const dialog = screen.getByRole('dialog', { name: 'Ansicht Süd' });
    loaded(within(dialog).getByAltText('Ansicht Süd'), 1600, 1200);
    const stageElement = dialog.querySelector('[data-plan-stage]') as HTMLElement;
    const cover = stageElement.querySelector('[data-plan-cover]') as HTMLElement;
    // Shown by the stage's data-moving alone: the browser restyles one element, React renders nothing.
    expect(cover.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'group-data-[moving]/stage:block', 'group-data-[moving=drag]/stage:cursor-grabbing']));
    expect(stageElement.className.split(' ')).toContain('group/stage');
    expect(stageElement.dataset.moving).toBeUndefined();

    fireEvent.pointerDown(stageElement, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 400, clientY: 300 });
    fireEvent.pointerMove(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 350, clientY: 280 });
    expect(stageElement.dataset.moving).toBe('drag');
    // Over the page and its pins: what is under the pointer mid-drag is the cover, never a pin.
    expect(cover.compareDocumentPosition(within(dialog).getByRole('button', { name: 'Pin 1' }))).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    fireEvent.pointerUp(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 350, clientY: 280 });
    expect(stageElement.dataset.moving).toBeUndefined();

    fireEvent.wheel(stageElement, { deltaY: -200, clientX: 400, clientY: 300 });
    expect(stageElement.dataset.moving).toBe('zoom');
    await vi.waitFor(() => expect(stageElement.dataset.moving).toBeUndefined());
  });

  it('keeps a wheel over the plan to itself: the page behind neither scrolls nor looks at it', async () => {
    const { dialog } = setup(photo);
    loaded(within(dialog).getByAltText('Ansicht Süd'), 1600, 1200);
    const behind = vi.fn();
    document.addEventListener('wheel', behind);
    try {
      // fireEvent answers false for an event whose default was prevented.
      expect(fireEvent.wheel(dialog.querySelector('[data-plan-stage]') as HTMLElement, { deltaY: -200, clientX: 400, clientY: 300 })).toBe(false);
      expect(behind).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(zoomText(dialog)).toBe('149 %'));
    } finally {
      document.removeEventListener('wheel', behind);
    }
  });

  it('draws a wheel zoom at once as a scale, and lays the page out at its new size once the wheel pauses; a button zooms laid out at once', async () => {
    const { dialog, user } = setup(photo);
    const image = within(dialog).getByAltText('Ansicht Süd');
    loaded(image, 1600, 1200);
    const box = image.parentElement as HTMLElement;
    const fitted = box.style.width;
    expect(box.style.transform).toMatch(/scale\(1\)$/);

    fireEvent.wheel(dialog.querySelector('[data-plan-stage]') as HTMLElement, { deltaY: -200, clientX: 400, clientY: 300 });
    expect(box.style.width).toBe(fitted);
    expect(box.style.transform).toMatch(/scale\(1\.4\d*\)$/);
    await vi.waitFor(() => expect(box.style.transform).toMatch(/scale\(1\)$/));
    expect(parseFloat(box.style.width) / parseFloat(fitted)).toBeCloseTo(1.49, 2);

    const laidOut = box.style.width;
    await user.click(within(dialog).getByRole('button', { name: 'Vergrößern' }));
    expect(parseFloat(box.style.width)).toBeGreaterThan(parseFloat(laidOut));
    expect(box.style.transform).toMatch(/scale\(1\)$/);
  });

  it('lays out a wheel zoom that pauses while the plan is dragged only once the drag ends, so the drag does not stutter', () => {
    const { dialog } = setup(photo);
    const image = within(dialog).getByAltText('Ansicht Süd');
    loaded(image, 1600, 1200);
    const box = image.parentElement as HTMLElement;
    const fitted = box.style.width;
    const stageElement = dialog.querySelector('[data-plan-stage]') as HTMLElement;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.wheel(stageElement, { deltaY: -200, clientX: 400, clientY: 300 });
      fireEvent.pointerDown(stageElement, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 400, clientY: 300 });
      fireEvent.pointerMove(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 380, clientY: 290 });
      act(() => vi.advanceTimersByTime(1000));
      fireEvent.pointerMove(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 350, clientY: 280 });
      expect(box.style.width).toBe(fitted);
      expect(box.style.transform).toMatch(/scale\(1\.4\d*\)$/);
      fireEvent.pointerUp(stageElement, { pointerId: 1, pointerType: 'mouse', clientX: 350, clientY: 280 });
      expect(parseFloat(box.style.width) / parseFloat(fitted)).toBeCloseTo(1.49, 2);
      expect(box.style.transform).toMatch(/scale\(1\)$/);
      expect(stageElement.dataset.moving).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers 'Original herunterladen' with the signed link and the original name, and closes with Escape", async () => {
    const { dialog, user } = setup(photo);
    const download = within(dialog).getByRole('link', { name: 'Original herunterladen' });
    expect(download.getAttribute('href')).toBe(photo.url);
    expect(download.getAttribute('download')).toBe('ansicht-sued.png');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Keine Vorschau' for an image without a thumbnail, loading nothing, and still offers the download", () => {
    const { dialog } = setup({ ...photo, thumbnailUrl: null });
    expect(within(dialog).getByText('Keine Vorschau')).toBeTruthy();
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Vergrößern' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Original herunterladen' }).getAttribute('href')).toBe(photo.url);
  });

  it("says 'Keine Vorschau' when the original cannot be loaded", () => {
    const { dialog } = setup(photo);
    fireEvent.error(within(dialog).getByAltText('Ansicht Süd'));
    expect(within(dialog).getByText('Keine Vorschau')).toBeTruthy();
  });
});

describe('PlanViewer: a PDF', () => {
  const pageImage = (dialog: HTMLElement, page: number) => within(dialog).getByAltText(`Grundriss EG, Seite ${page} von 5`);

  it('shows the server-rendered first page at the smallest width as wide as the stage', () => {
    const { dialog } = setup(drawing);
    expect(pageImage(dialog, 1).getAttribute('src')).toBe(`${pagesUrl}&page=1&width=960`);
    expect(within(dialog).getByText('Seite 1 von 5')).toBeTruthy();
  });

  it('on a phone asks first for the page at the screen\'s width at no more than twice its pixels, with high priority, where a plan link\'s start fetched it; then as sharp as the screen', () => {
    const screenOf = (width: number, ratio: number) => {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
      window.dispatchEvent(new Event('resize'));
    };
    const [desktopWidth, desktopRatio, stageWidth] = [window.innerWidth, window.devicePixelRatio, stage.width];
    screenOf(390, 3);
    stage.width = 390;
    try {
      const { dialog } = setup(drawing);
      const first = pageImage(dialog, 1);
      expect(first.getAttribute('src')).toBe(`${pagesUrl}&page=1&width=960`);
      expect(first.getAttribute('src')).toBe(firstPageImage(planSourceOf(drawing), 1, window.innerWidth));
      expect(first.getAttribute('fetchpriority')).toBe('high');
      loaded(first, 960, 1358);
      const [shown, sharper] = stageImages(dialog);
      expect(shown?.getAttribute('src')).toBe(`${pagesUrl}&page=1&width=960`);
      expect(sharper?.getAttribute('src')).toBe(`${pagesUrl}&page=1&width=1600`);
      expect(sharper?.getAttribute('fetchpriority')).toBe('auto');
    } finally {
      screenOf(desktopWidth, desktopRatio);
      stage.width = stageWidth;
    }
  });

  it("turns pages with 'Nächste Seite' / 'Vorherige Seite' and PageDown / PageUp, within the document", async () => {
    const { dialog, user } = setup(drawing);
    const previous = within(dialog).getByRole('button', { name: 'Vorherige Seite' });
    const next = within(dialog).getByRole('button', { name: 'Nächste Seite' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(within(dialog).getByText('Seite 2 von 5')).toBeTruthy();
    const second = pageImage(dialog, 2).getAttribute('src') ?? '';
    expect(second.startsWith(`${pagesUrl}&page=2&width=`)).toBe(true);
    expect([480, 960, 1600, 2400]).toContain(Number(new URL(second, 'http://localhost').searchParams.get('width')));
    await user.keyboard('{PageDown}{PageDown}{PageDown}{PageDown}');
    expect(within(dialog).getByText('Seite 5 von 5')).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(within(dialog).getByText('Seite 5 von 5')).toBeTruthy();
    await user.keyboard('{PageUp}');
    expect(within(dialog).getByText('Seite 4 von 5')).toBeTruthy();
    await user.click(previous);
    expect(pageImage(dialog, 3).getAttribute('src')).toContain('&page=3&');
  });

  it('asks for a sharper page when zoomed in, keeping the loaded one shown until it has arrived', async () => {
    const { dialog, user } = setup(drawing);
    loaded(pageImage(dialog, 1), 960, 679);
    expect(zoomText(dialog)).toBe('100 %');
    expect(stageImages(dialog).map((image) => image.getAttribute('src'))).toEqual([`${pagesUrl}&page=1&width=960`]);
    await user.click(within(dialog).getByRole('button', { name: 'Vergrößern' }));
    await user.click(within(dialog).getByRole('button', { name: 'Vergrößern' }));
    const [shown, sharper] = stageImages(dialog);
    expect(shown?.getAttribute('src')).toBe(`${pagesUrl}&page=1&width=960`);
    expect(shown?.getAttribute('alt')).toBe('Grundriss EG, Seite 1 von 5');
    expect(sharper?.getAttribute('src')).toBe(`${pagesUrl}&page=1&width=1600`);
    expect(sharper?.className).toContain('opacity-0');
    loaded(sharper as HTMLElement, 1600, 1132);
    expect(stageImages(dialog).map((image) => image.getAttribute('src'))).toEqual([`${pagesUrl}&page=1&width=1600`]);
    expect(zoomText(dialog)).toBe('156 %');
    // Zooming out keeps the sharper image rather than loading a smaller one.
    await user.click(within(dialog).getByRole('button', { name: 'Einpassen' }));
    expect(stageImages(dialog).map((image) => image.getAttribute('src'))).toEqual([`${pagesUrl}&page=1&width=1600`]);
  });

  it('asks for a sharper page once a wheel zoom pauses, not for every width the zoom passes', async () => {
    const { dialog } = setup(drawing);
    loaded(pageImage(dialog, 1), 960, 679);
    const sources = () => stageImages(dialog).map((image) => image.getAttribute('src'));
    const stageElement = dialog.querySelector('[data-plan-stage]') as HTMLElement;
    for (let tick = 0; tick < 6; tick += 1) fireEvent.wheel(stageElement, { deltaY: -100, clientX: 400, clientY: 300 });
    expect(sources()).toEqual([`${pagesUrl}&page=1&width=960`]);
    await vi.waitFor(() => expect(zoomText(dialog)).toBe('332 %'));
    expect(sources()).toHaveLength(2);
    expect(sources()[1]).toMatch(/&width=(1600|2400)$/);
  });

  it('never asks for more than 2400 px', async () => {
    const { dialog, user } = setup(drawing);
    loaded(pageImage(dialog, 1), 960, 679);
    for (let step = 0; step < 12; step += 1) await user.keyboard('+');
    expect(stageImages(dialog).at(-1)?.getAttribute('src')).toBe(`${pagesUrl}&page=1&width=2400`);
  });

  it("says 'Keine Vorschau' for a page that cannot be loaded, and still turns to the next", async () => {
    const { dialog, user } = setup(drawing);
    fireEvent.error(pageImage(dialog, 1));
    expect(within(dialog).getByText('Keine Vorschau')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Nächste Seite' }));
    expect(within(dialog).queryByText('Keine Vorschau')).toBeNull();
    expect(pageImage(dialog, 2).getAttribute('src')).toContain('&page=2&');
  });

  it('offline, shows a page kept on the device at once, without asking the server first', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    kept.recall.mockResolvedValueOnce(new Blob(['page'], { type: 'image/webp' }));
    const { dialog } = setup(drawing);
    await vi.waitFor(() => expect(stageImages(dialog).map((image) => image.getAttribute('src'))).toEqual([expect.stringMatching(/^blob:/)]));
    expect(kept.recall).toHaveBeenCalledWith('34-1', 1);
    expect(within(dialog).queryByText(/nicht gespeichert/)).toBeNull();
  });

  it('offline, says the plan is not on this device instead of blaming the file, and shows it once the connection is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    kept.recall.mockClear();
    const { dialog } = setup(drawing);
    // Not kept on the device: the page's address is tried all the same (the browser may hold it), and fails.
    fireEvent.error(await within(dialog).findByAltText('Grundriss EG, Seite 1 von 5'));
    expect(kept.recall).toHaveBeenCalledTimes(1);
    expect((await within(dialog).findByText(/nicht gespeichert/)).closest('[role="status"]')?.textContent).toBe(
      'Dieser Plan ist auf diesem Gerät nicht gespeichert. Machen Sie das Projekt offline verfügbar, sobald Sie wieder online sind.',
    );
    expect(within(dialog).queryByText('Keine Vorschau')).toBeNull();
    expect(within(dialog).queryByText(/Original herunter/, { selector: 'p' })).toBeNull();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(within(dialog).queryByText(/nicht gespeichert/)).toBeNull();
    expect(pageImage(dialog, 1).getAttribute('src')).toContain('&page=1&');
  });

  it('says the preview is being made for a PDF just uploaded, and shows its pages once they are there', () => {
    const pending: ProjectFile = { ...drawing, pageCount: null, pagesUrl: null, thumbnailUrl: null, previewPending: true };
    const { rerender } = render(<Opener file={pending} />);
    const dialog = screen.getByRole('dialog', { name: pending.name });
    expect(within(dialog).getByText('Die Vorschau wird erstellt …')).toBeTruthy();
    expect(within(dialog).queryByText('Keine Vorschau')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Original herunterladen' })).toBeTruthy();
    rerender(<Opener file={drawing} />);
    expect(within(screen.getByRole('dialog')).queryByText('Die Vorschau wird erstellt …')).toBeNull();
    expect(pageImage(screen.getByRole('dialog'), 1).getAttribute('src')).toContain('&page=1&');
  });

  it('opens on the page asked for once the pages of a PDF just uploaded are there', () => {
    const pending: ProjectFile = { ...drawing, pageCount: null, pagesUrl: null, thumbnailUrl: null, previewPending: true };
    const { rerender } = render(<PlanViewer file={pending} open onOpenChange={() => undefined} initialPage={2} />);
    expect(within(screen.getByRole('dialog')).getByText('Die Vorschau wird erstellt …')).toBeTruthy();
    rerender(<PlanViewer file={drawing} open onOpenChange={() => undefined} initialPage={2} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Seite 2 von 5')).toBeTruthy();
    expect(pageImage(dialog, 2).getAttribute('src')).toContain('&page=2&');
  });

  it("says 'Keine Vorschau' for a PDF the server has no pages of, with the download", () => {
    const { dialog } = setup({ ...drawing, pageCount: null, pagesUrl: null });
    expect(within(dialog).getByText('Keine Vorschau')).toBeTruthy();
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Seiten' })).toBeNull();
    const download = within(dialog).getByRole('link', { name: 'Original herunterladen' });
    expect(download.getAttribute('href')).toBe(drawing.url);
    expect(download.getAttribute('download')).toBe('grundriss.pdf');
  });
});

describe('PlanViewer: room for more', () => {
  it('shows a side panel, a footer and an overlay the size of the page', () => {
    render(<PlanViewer file={photo} open onOpenChange={() => undefined} sidePanel={<p>Versionen</p>} sheetLabel="2 Versionen" footer={<button type="button">Pin setzen</button>} pageOverlay={<span>Pin 1</span>} />);
    const dialog = screen.getByRole('dialog', { name: 'Ansicht Süd' });
    const panel = within(dialog).getByRole('complementary');
    expect(within(panel).getByText('Versionen')).toBeTruthy();
    // On a phone, the panel is a sheet over the plan, opened by its handle.
    expect(within(panel).getByRole('button', { name: '2 Versionen' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).getByRole('button', { name: 'Pin setzen' })).toBeTruthy();
    expect(within(dialog).getByText('Pin 1').closest('[data-plan-stage]')).toBeTruthy();
  });
});
