// The plan viewer with 500 pins on one page against the same viewer with 5: the built web app
// served by a bench server, Debian's Chromium driven through playwright-core at 4× CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), the plan panned by drag and zoomed by wheel while Chrome
// traces; the frame times come from the trace. BENCH_ONLY=pins-viewer (needs npm run build).
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
  args?: { name?: string; data?: { type?: string } };
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
  frames: Frame[];
}

/** One traced gesture on a fresh tab at 4× CPU slowdown; answers its frames. */
async function tracedGesture(browser: Browser, origin: string, token: string, side: Side, traceDir?: string): Promise<Frame[]> {
  const page = await openViewer(browser, origin, token, side.link, side.pins);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Once untraced: the sharper page images the zoom asks for are rendered and loaded, the code warmed.
    await gesture(page);
    await page.waitForLoadState('networkidle');
    await browser.startTracing(page, { categories });
    await gesture(page);
    const trace = await browser.stopTracing();
    if (traceDir) fs.writeFileSync(path.join(traceDir, `pins-viewer-${side.pins}-${Date.now()}.trace.json`), trace);
    const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
    return frameTimes(parsed.traceEvents);
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
    { name: `${pins} pins on the page`, link: planLinkPath(info.projectId, info.manyPlanId, 1), pins, frames: [] },
    { name: `baseline: ${info.fewPins} pins on the page`, link: planLinkPath(info.projectId, info.fewPlanId, 1), pins: info.fewPins, frames: [] },
  ];
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...chromiumArgs],
    });
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) side.frames.push(...(await tracedGesture(browser, origin, info.token!, side, traceDir)));
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
  for (const side of sides) {
    console.log(
      `${side.name.padEnd(30)} ${String(side.frames.length).padStart(4)} frames   median ${ms(percentile(spans(side), 50))} ms   p95 ${ms(percentile(spans(side), 95))} ms   max ${ms(Math.max(...spans(side)))} ms   ` +
        `main-thread work per frame: median ${ms(percentile(work(side), 50))} ms   p95 ${ms(percentile(work(side), 95))} ms   per gesture ${(work(side).reduce((sum, each) => sum + each, 0) / rounds).toFixed(0)} ms`,
    );
  }
  const [many, few] = sides as [Side, Side];
  const p95 = percentile(spans(many), 95);
  console.log(`ratio ${pins}/${info.fewPins} pins: median ${(percentile(spans(many), 50) / percentile(spans(few), 50)).toFixed(2)}×, p95 ${(p95 / percentile(spans(few), 95)).toFixed(2)}×; main-thread work p95 ${(percentile(work(many), 95) / percentile(work(few), 95)).toFixed(2)}×`);
  console.log(`verdict: p95 frame time ≤ 16 ms with ${pins} pins — ${p95 <= 16 ? 'goal met' : 'goal NOT met'}`);
}
