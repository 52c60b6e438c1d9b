import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { storageKeys } from '../../lib/storage-keys';
import { de } from '../../i18n/de';
import { useConfirm } from '../feedback/feedback-context';
import { UnsavedChangesContext, useUnsavedChangesScope, type UnsavedChangesScope } from './unsaved-changes-context';
import { createUnsavedChangesRegistry } from './unsaved-changes-registry';

const t = de.unsavedChanges;

function onBeforeUnload(event: BeforeUnloadEvent): void {
  // Logging out loads the login page after the session is gone: nothing could be saved any more.
  if (sessionStorage.getItem(storageKeys.token) === null) return;
  event.preventDefault();
}

/**
 * Holds which forms have unsaved changes and asks, in the app's confirm dialog, before they are
 * thrown away. While any form is unsaved, closing or reloading the tab lets the browser ask.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const confirm = useConfirm();
  const latestConfirm = useRef(confirm);
  latestConfirm.current = confirm;
  const [registry] = useState(() =>
    createUnsavedChangesRegistry(
      () => latestConfirm.current({ title: t.title, description: t.description, confirmLabel: t.discard, cancelLabel: t.keepEditing, destructive: true }),
      (dirty) => (dirty ? window.addEventListener('beforeunload', onBeforeUnload) : window.removeEventListener('beforeunload', onBeforeUnload)),
    ),
  );
  useEffect(() => () => window.removeEventListener('beforeunload', onBeforeUnload), []);
  const scope = useMemo<UnsavedChangesScope>(() => ({ registry, within: null }), [registry]);
  return <UnsavedChangesContext.Provider value={scope}>{children}</UnsavedChangesContext.Provider>;
}

/**
 * Every navigation inside the app (a link, the sidebar, the browser's back and forward, a
 * programmatic navigate) to another page asks while a form is unsaved. One per router: react-router
 * takes one blocker at a time.
 */
export function NavigationGuard() {
  const { registry } = useUnsavedChangesScope();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && registry.isDirty(),
    [registry],
  );
  const blocker = useBlocker(shouldBlock);
  const latestBlocker = useRef(blocker);
  latestBlocker.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void registry.confirmDiscard().then((discard) => {
      const current = latestBlocker.current;
      if (current.state !== 'blocked') return;
      if (discard) current.proceed();
      else current.reset();
    });
  }, [blocker.state, registry]);
  return null;
}
