import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { leaveAfterAsking, type UnsavedChangesRegistry } from './unsaved-changes-registry';

export interface UnsavedChangesScope {
  registry: UnsavedChangesRegistry;
  /** The dialog a form here is typed into, or null on a page. */
  within: object | null;
}

export const UnsavedChangesContext = createContext<UnsavedChangesScope | null>(null);

export function useUnsavedChangesScope(): UnsavedChangesScope {
  const scope = useContext(UnsavedChangesContext);
  if (!scope) throw new Error('useUnsavedChangesGuard/useConfirmDiscard outside UnsavedChangesProvider');
  return scope;
}

/**
 * A form with typed text that is not saved yet says so here: then every way out (a link, the
 * browser's back, logout, closing the tab, closing its dialog) asks before the text is lost. Returns
 * `release`, to call just before leaving after a successful save, so that way out does not ask.
 */
export function useUnsavedChangesGuard(isDirty: boolean): () => void {
  const { registry, within } = useUnsavedChangesScope();
  const source = useRef({}).current;
  useEffect(() => {
    if (!isDirty) return undefined;
    registry.mark(source, true, within);
    return () => registry.mark(source, false, within);
  }, [registry, within, source, isDirty]);
  return useCallback(() => registry.mark(source, false, within), [registry, within, source]);
}

/**
 * For a way out that is no navigation (Home, which clears the project first; logout): runs `leave`
 * at once when nothing is unsaved, otherwise asks and runs it only on 'Verwerfen'.
 */
export function useLeaveAfterAsking(): (leave: () => void) => void {
  const { registry } = useUnsavedChangesScope();
  return useCallback((leave: () => void) => leaveAfterAsking(registry, leave), [registry]);
}
