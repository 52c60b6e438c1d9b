import { vi } from 'vitest';

/**
 * Replaces IntersectionObserver with one the test drives: `showAll()` reports every watched
 * element as on screen.
 */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element>; self: IntersectionObserver }>();
  class ControlledObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Set<Element>; self: IntersectionObserver };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: new Set(), self: this as unknown as IntersectionObserver };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
  return {
    /** How many elements are being watched. */
    watched: () => [...observers].reduce((count, observer) => count + observer.targets.size, 0),
    showAll() {
      for (const observer of [...observers]) {
        const entries = [...observer.targets].map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry);
        if (entries.length > 0) observer.callback(entries, observer.self);
      }
    },
  };
}
