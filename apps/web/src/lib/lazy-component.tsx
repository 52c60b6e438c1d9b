import { createElement, lazy, useState, type ComponentType } from 'react';

export interface LazyComponent<P extends object> {
  /** Renders the component; suspends (as React's lazy does) only while its code has not arrived. */
  Component: ComponentType<P>;
  /** Fetches the code now: a later render shows the component without suspending. */
  preload(): Promise<void>;
}

/**
 * A component whose code loads on demand. React's lazy suspends on its first render even when the
 * module arrived long before (its promise settles a tick later), and a Suspense boundary that has
 * shown its fallback reveals the content no sooner than React's reveal throttle allows (300 ms after
 * the fallback): a plan viewer or a form whose code was fetched in advance still showed a spinner.
 * This one renders the loaded component directly once its code is here.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed (offline) is asked for again on the next render, not remembered as failed.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetchCode() }));
  function OnDemand(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would mount it anew and lose its state.
    const [code] = useState(() => loaded);
    return code ? createElement(code, props) : createElement(Lazy, props);
  }
  return { Component: OnDemand, preload: () => fetchCode().then(() => undefined) };
}
