import { lazyComponent } from '../../lib/lazy-component';

/** The viewer is a chunk of its own: the project page does not wait for it; pointing at a tile fetches it early. */
const viewer = lazyComponent(() => import('./plan-viewer-with-pins').then((module) => module.PlanViewerWithPins));
export const LazyPlanViewer = viewer.Component;

/** Fetches the viewer's code; resolves once it is here (or could not be had: the viewer then says so when opened). */
export const viewerCode = (): Promise<void> => viewer.preload().catch(() => undefined);
export const preloadViewer = (): void => void viewerCode();

/** 'Versionen vergleichen' loads with its dialog, not with the file list. */
export const LazyPlanCompare = lazyComponent(() => import('./plan-compare/plan-compare').then((module) => module.PlanCompare)).Component;
