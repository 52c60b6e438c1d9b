import { useSyncExternalStore } from 'react';
import { idFrom } from '../../lib/link-id';
import { storageKeys } from '../../lib/storage-keys';

/**
 * The chosen project id, kept in sessionStorage under 'projectId' (spec section 3), with change
 * notification so the sidebar's project section appears and disappears with it.
 */
const listeners = new Set<() => void>();
let missingProjectWarningSuppressed = false;

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getSelectedProjectId(): string | null {
  return sessionStorage.getItem(storageKeys.projectId);
}

/** The project a page opened by a link shows: the link's (?projectId=7, a notice mail's), else the selected one. */
export function linkedOrSelectedProjectId(search: string, selectedProjectId = getSelectedProjectId()): string | null {
  return idFrom(new URLSearchParams(search).get('projectId')) ?? idFrom(selectedProjectId);
}

export function selectProject(projectId: string | number): void {
  missingProjectWarningSuppressed = false;
  sessionStorage.setItem(storageKeys.projectId, String(projectId));
  notify();
}

export function clearSelectedProject(): void {
  sessionStorage.removeItem(storageKeys.projectId);
  notify();
}

/** Home sets this first, so leaving a project page does not raise the missing-project warning. */
export function suppressMissingProjectWarning(): void {
  missingProjectWarningSuppressed = true;
}

export function isMissingProjectWarningSuppressed(): boolean {
  return missingProjectWarningSuppressed;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedProjectId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedProjectId, () => null);
}
