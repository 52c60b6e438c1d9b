// The plan viewer with 500 pins on one page against the same viewer with 5: the built web app
// served by a bench server, Debian's Chromium driven through playwright-core at 4× CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), the plan panned by drag and zoomed by wheel while Chrome
// traces; the frame times come from the trace. A third side, the floor, moves the viewer's page
// image alone on a page of its own by the same gestures: what this browser needs for any viewer.
// BENCH_ONLY=pins-viewer (needs npm run build).
import { chromiumArgs } from '../scripts/chromium-args.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { planLinkPath } from '@bauakte/domain';
import { percentile } from './export';
import { missingToolsLine } from './tools';
import type { SectionDeps, SectionServer } from './open-items';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const viewport = { width: 1280, height: 800 };

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id2?: { local?: string };
  id?: string;
  args?: { name?: string; data?: { type?: string }; frame_reporter?: { state?: string } };
}

// BENCH_VIEWER_PROFILE=1 adds Chrome's CPU samples, for `npm run start-costs` (the frames' script by source line).
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel', 'v8', ...(process.env.BENCH_VIEWER_PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : [])];

/** One animation frame while the plan moves, in ms. */
export interface Frame {
  /**
   * As Chrome measures an animation frame for its Long Animation Frames timing (the trace's
   * AnimationFrame spans on the page's main thread): from the start of the first task after the
   * previous frame (an input event, React's render) to the end of this frame's rendering (style,
   * layout, paint, commit), waits between them included (for the display's next beat, for the
   * compositor). Over 16.7 ms, the frame missed a 60 Hz display's refresh.
   */
  span: number;
  /** The main thread's tasks within the span: the page's own work for the frame, without the waits. */
  work: number;
}

export function frameTimes(events: TraceEvent[]): Frame[] {
  const inputs = events.filter((event) => event.name === 'EventDispatch' && ['pointermove', 'wheel'].includes(event.args?.data?.type ?? ''));
  if (inputs.length === 0) throw new Error('the trace holds no pointer or wheel events: the gesture did not reach the page');
  // The page's main thread: the one that handled the gesture.
  const main = `${inputs[0]!.pid}:${inputs[0]!.tid}`;
  const onMain = events.filter((each) => `${each.pid}:${each.tid}` === main);
  const tasks = onMain.filter((each) => each.name === 'RunTask' && each.ph === 'X' && each.dur !== undefined);
  const workWithin = (start: number, end: number) => tasks.reduce((sum, task) => sum + Math.max(0, Math.min(end, task.ts + (task.dur ?? 0)) - Math.max(start, task.ts)), 0);
  const begun = new Map<string, number>();
  const frames: Frame[] = [];
  for (const event of onMain.filter((each) => each.name === 'AnimationFrame').sort((a, b) => a.ts - b.ts)) {
    const id = event.id2?.local ?? event.id ?? '';
    if (event.ph === 'b') begun.set(id, event.ts);
    const began = begun.get(id);
    if (event.ph === 'e' && began !== undefined) frames.push({ span: (event.ts - began) / 1000, work: workWithin(began, event.ts) / 1000 });
  }
  if (frames.length === 0) throw new Error('the trace holds no animation frames (Chromium too old for its Long Animation Frames spans?)');
  return frames;
}

/** What the compositor did with the frames of a gesture (Chrome's PipelineReporter, as its smoothness metrics count them). */
export interface Presented {
  presented: number;
  /** Frames the compositor had new content for but could not show in time: a stutter the user sees. */
  dropped: number;
}

export function presentedFrames(events: TraceEvent[]): Presented {
  const inputs = events.filter((event) => event.name === 'EventDispatch' && ['pointermove', 'wheel'].includes(event.args?.data?.type ?? ''));
  const page = inputs[0]?.pid;
  const from = Math.min(...inputs.map((event) => event.ts));
  const to = Math.max(...inputs.map((event) => event.ts));
  const states = events
    .filter((event) => event.name === 'PipelineReporter' && event.ph === 'b' && event.pid === page && event.ts >= from && event.ts <= to)
    .map((event) => event.args?.frame_reporter?.state ?? '');
  return {
    presented: states.filter((state) => state.startsWith('STATE_PRESENTED')).length,
    dropped: states.filter((state) => state === 'STATE_DROPPED').length,
  };
}

/** The little of the DOM the functions run in the page use (the bench is typed for Node, without the DOM's types; written out in each, as they are sent to the page as source). */
interface PageDocument {
  elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null;
  querySelectorAll(selector: string): { length: number };
}

async function openViewer(browser: Browser, origin: string, token: string, link: string, pins: number): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${origin}/impressum`, { waitUntil: 'load' });
  await page.evaluate((value) => sessionStorage.setItem('token', value), token);
  await page.goto(`${origin}${link}`, { waitUntil: 'load' });
  await page.locator('[data-plan-stage] img.opacity-100').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction((count) => (globalThis as unknown as { document: PageDocument }).document.querySelectorAll('[data-pin-layer] button').length >= count, pins, { timeout: 120_000 });
  return page;
}

/** Drag the plan around, zoom in around a point by wheel, drag again, zoom back out: about 130 input events. */
async function gesture(page: Page): Promise<void> {
  const box = await page.locator('[data-plan-stage]').boundingBox();
  if (!box) throw new Error('the plan stage is not on the page');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // A drag that starts on a pin would select it, not move the plan: it starts on the plan between pins.
  const drag = async (dx: number, dy: number) => {
    const from = await page.evaluate(({ x, y, width, height }) => {
      for (let ring = 0; ring < 40; ring++) {
        for (let step = 0; step < 16; step++) {
          const angle = (step / 16) * 2 * Math.PI;
          const point = { x: x + width / 2 + Math.cos(angle) * ring * 8, y: y + height / 2 + Math.sin(angle) * ring * 8 };
          const hit = (globalThis as unknown as { document: PageDocument }).document.elementFromPoint(point.x, point.y);
          if (hit?.closest('[data-plan-stage]') && !hit.closest('button')) return point;
        }
      }
      return null;
    }, box);
    if (!from) throw new Error('no spot of the plan without a pin near the middle of the stage');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 30 });
    await page.mouse.up();
  };
  await drag(-240, -120);
  await page.mouse.move(centre.x, centre.y);
  for (let tick = 0; tick < 20; tick++) await page.mouse.wheel(0, -60);
  await drag(200, 160);
  for (let tick = 0; tick < 20; tick++) await page.mouse.wheel(0, 60);
  await drag(40, -40);
  // A pin taken for the plan would have been selected: the frames would be of another gesture.
  if ((await page.locator('[data-pin-layer] button[aria-pressed="true"]').count()) > 0) throw new Error('the gesture selected a pin instead of moving the plan');
}

interface Side {
  name: string;
  link: string;
  pins: number;
  /** Not the viewer: the viewer's page image alone on a page, moved by the least a page can do (showFloorPage). */
  floor?: boolean;
  frames: Frame[];
  presented: Presented[];
}

/**
 * The floor under any viewer: the page image the viewer showed, in a box of the same size on a page
 * of its own, every pointer move and wheel tick written straight to the box's transform, nothing
 * else. Its frames are what this browser on this machine needs to move that image; what the viewer
 * takes beyond them is the viewer's.
 */
async function showFloorPage(page: Page): Promise<void> {
  const shown = await page.evaluate(async () => {
    type Box = { style: { width: string; height: string } };
    type Image = { src: string };
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
    const box = doc.querySelector('[data-plan-page]') as Box;
    const image = doc.querySelector('[data-plan-stage] img.opacity-100') as Image;
    const blob = await (await fetch(image.src)).blob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return { width: box.style.width, height: box.style.height, src: `data:${blob.type};base64,${btoa(binary)}` };
  });
  const script = `{
    const stage = document.querySelector('[data-plan-stage]'), box = document.getElementById('page');
    const rect = stage.getBoundingClientRect(), laidOut = 1;
    const view = { x: (rect.width - box.offsetWidth) / 2, y: (rect.height - box.offsetHeight) / 2, scale: 1 };
    globalThis.floorDraws = 0;
    const draw = () => { globalThis.floorDraws += 1; box.style.transform = 'translate(' + view.x + 'px, ' + view.y + 'px) scale(' + view.scale / laidOut + ')'; };
    let last = null;
    stage.addEventListener('pointerdown', (event) => { last = { x: event.clientX, y: event.clientY }; stage.setPointerCapture(event.pointerId); });
    stage.addEventListener('pointermove', (event) => { if (!last) return; view.x += event.clientX - last.x; view.y += event.clientY - last.y; last = { x: event.clientX, y: event.clientY }; draw(); });
    stage.addEventListener('pointerup', () => { last = null; });
    stage.addEventListener('wheel', (event) => {
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * 0.002), px = event.clientX - rect.left, py = event.clientY - rect.top;
      view.x = px - (px - view.x) * factor; view.y = py - (py - view.y) * factor; view.scale *= factor; draw();
    }, { passive: false });
    draw();
  }`;
  await page.setContent(
    `<!doctype html><html><body style="margin:0"><div data-plan-stage style="position:fixed;inset:0;overflow:hidden;touch-action:none;background:#eee">` +
      `<div id="page" style="position:absolute;left:0;top:0;transform-origin:0 0;will-change:transform;width:${shown.width};height:${shown.height}">` +
      `<img src="${shown.src}" alt="" draggable="false" style="position:absolute;inset:0;width:100%;height:100%;pointer-events:none"></div></div></body></html>`,
  );
  await page.locator('#page img').evaluate((image: { decode(): Promise<void> }) => image.decode());
  // Evaluated, not inlined: the app's Content-Security-Policy stays with the document and refuses inline scripts.
  await page.evaluate(script);
}

/** One traced gesture on a fresh tab at 4× CPU slowdown; answers its frames. */
async function tracedGesture(browser: Browser, origin: string, token: string, side: Side, traceDir?: string): Promise<{ frames: Frame[]; presented: Presented }> {
  const page = await openViewer(browser, origin, token, side.link, side.pins);
  try {
    if (side.floor) await showFloorPage(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Once untraced: the sharper page images the zoom asks for are rendered and loaded, the code warmed.
    await gesture(page);
    await page.waitForLoadState('networkidle');
    const drawsBefore = side.floor ? Number(await page.evaluate('globalThis.floorDraws')) : 0;
    await browser.startTracing(page, { categories });
    await gesture(page);
    const trace = await browser.stopTracing();
    if (side.floor && Number(await page.evaluate('globalThis.floorDraws')) < drawsBefore + 100) throw new Error('the floor page did not follow the gesture: its handlers did not run');
    if (traceDir) fs.writeFileSync(path.join(traceDir, `pins-viewer-${side.pins}-${Date.now()}.trace.json`), trace);
    const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
    return { frames: frameTimes(parsed.traceEvents), presented: presentedFrames(parsed.traceEvents) };
  } finally {
    await page.context().close();
  }
}

export async function pinsViewerSection(deps: SectionDeps): Promise<void> {
  const missing = missingToolsLine('pins-viewer', ['chromium']);
  if (missing) return void console.log(missing);
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return void console.log('pins-viewer: skipped, needs the built web app (npm run build)');
  const pins = Number(process.env.BENCH_VIEWER_PINS ?? 500);
  const rounds = Number(process.env.BENCH_VIEWER_ROUNDS ?? 3);
  const traceDir = process.env.BENCH_VIEWER_TRACE_DIR;
  const server: SectionServer = await deps.start('bench/servers/open-items.ts', { BENCH_SEED: 'viewer', BENCH_VIEWER_PINS: String(pins), BENCH_WEB_DIST: webDist });
  const info = server.info as SectionServer['info'] & { projectId: number; manyPlanId: number; fewPlanId: number; fewPins: number };
  const origin = `http://127.0.0.1:${info.port}`;
  const sides: Side[] = [
    { name: `${pins} pins on the page`, link: planLinkPath(info.projectId, info.manyPlanId, 1), pins, frames: [], presented: [] },
    { name: `baseline: ${info.fewPins} pins on the page`, link: planLinkPath(info.projectId, info.fewPlanId, 1), pins: info.fewPins, frames: [], presented: [] },
    { name: 'floor: the page image alone', link: planLinkPath(info.projectId, info.fewPlanId, 1), pins: info.fewPins, floor: true, frames: [], presented: [] },
  ];
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...chromiumArgs],
    });
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const { frames, presented } = await tracedGesture(browser, origin, info.token!, side, traceDir);
        side.frames.push(...frames);
        side.presented.push(presented);
      }
    }
  } finally {
    await browser?.close().catch((error: unknown) => console.warn('Chromium did not close', error));
    await deps.stop(server);
  }
  const ms = (value: number) => value.toFixed(1).padStart(5);
  console.log(
    `pins-viewer: the plan viewer (A1 PDF plan, ${viewport.width} × ${viewport.height}) panned by drag and zoomed by wheel, 4× CPU slowdown, ${rounds} traced gestures per page after an untraced one each, alternating; ` +
      `frame times from Chrome's trace (its animation frames, as Long Animation Frames times them); load average ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')} on ${os.availableParallelism()} cores`,
  );
  const spans = (side: Side) => side.frames.map((frame) => frame.span);
  const work = (side: Side) => side.frames.map((frame) => frame.work);
  const sum = (values: number[]) => values.reduce((total, each) => total + each, 0);
  const droppedShare = (side: Side) => {
    const dropped = sum(side.presented.map((each) => each.dropped));
    return `${((100 * dropped) / Math.max(1, dropped + sum(side.presented.map((each) => each.presented)))).toFixed(1)} %`;
  };
  for (const side of sides) {
    const presented = sum(side.presented.map((each) => each.presented));
    const dropped = sum(side.presented.map((each) => each.dropped));
    console.log(
      `${side.name.padEnd(30)} ${String(side.frames.length).padStart(4)} frames   span median ${ms(percentile(spans(side), 50))} ms   p95 ${ms(percentile(spans(side), 95))} ms   max ${ms(Math.max(...spans(side)))} ms   ` +
        `main-thread work per frame: median ${ms(percentile(work(side), 50))} ms   p95 ${ms(percentile(work(side), 95))} ms   per gesture ${(sum(work(side)) / rounds).toFixed(0)} ms   ` +
        `presented ${presented}, dropped ${dropped} (${droppedShare(side)})`,
    );
  }
  const [many, few, floor] = sides as [Side, Side, Side];
  const spanP95 = percentile(spans(many), 95);
  const workP95 = percentile(work(many), 95);
  console.log(`ratio ${pins}/${info.fewPins} pins: span median ${(percentile(spans(many), 50) / percentile(spans(few), 50)).toFixed(2)}×, p95 ${(spanP95 / percentile(spans(few), 95)).toFixed(2)}×; main-thread work p95 ${(workP95 / percentile(work(few), 95)).toFixed(2)}×`);
  console.log(`ratio ${pins} pins / floor: span median ${(percentile(spans(many), 50) / percentile(spans(floor), 50)).toFixed(2)}×, p95 ${(spanP95 / percentile(spans(floor), 95)).toFixed(2)}×; main-thread work p95 ${(workP95 / percentile(work(floor), 95)).toFixed(2)}×`);
  // The span holds the wait of an input for the display's next beat (Chrome hands a move or a wheel to the page at the
  // frame's start), which the floor shows too: the page's frame time is its own work within the frame.
  console.log(`verdict: p95 frame time (the main thread's work per frame) ≤ 16 ms with ${pins} pins — ${workP95 <= 16 ? 'goal met' : 'goal NOT met'}`);
  // Work within budget is not yet smooth: a frame dropped is one the user saw stutter.
  console.log(`frames dropped while the plan moved: ${droppedShare(many)} with ${pins} pins, ${droppedShare(few)} with ${info.fewPins}, ${droppedShare(floor)} on the floor`);
}
