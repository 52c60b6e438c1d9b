import { lazy } from 'react';

const loadViewer = () => import('./plan-viewer-with-pins');

/** The viewer is a chunk of its own: the project page does not wait for it; pointing at a tile fetches it early. */
export const LazyPlanViewer = lazy(async () => ({ default: (await loadViewer()).PlanViewerWithPins }));

export const preloadViewer = () => void loadViewer().catch(() => undefined);

const loadCompare = () => import('./plan-compare/plan-compare');

/** 'Versionen vergleichen' loads with its dialog, not with the file list. */
export const LazyPlanCompare = lazy(async () => ({ default: (await loadCompare()).PlanCompare }));
