import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;

const workbox = vi.hoisted(() => ({
  listeners: new Map<string, () => void>(),
  messageSkipWaiting: vi.fn(),
  register: vi.fn(async () => undefined),
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener) {
      workbox.listeners.set(type, listener);
    }
    messageSkipWaiting = workbox.messageSkipWaiting;
    register = workbox.register;
  },
}));

const { registerServiceWorker } = await import('./service-worker-registration');
const { useWaitingVersion } = await import('./app-update-state');

const reload = vi.fn();
beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
});
afterEach(() => {
  vi.restoreAllMocks();
  workbox.listeners.clear();
  reload.mockClear();
  workbox.messageSkipWaiting.mockClear();
});

describe('registerServiceWorker', () => {
  it('registers the worker and lets a new version wait until the user activates it', () => {
    registerServiceWorker();
    expect(workbox.register).toHaveBeenCalled();
    workbox.listeners.get('waiting')?.();
    const { result } = renderHook(() => useWaitingVersion());
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    result.current?.();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    workbox.listeners.get('controlling')?.();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("does not reload a tab when another tab's 'Neu laden' hands it to the new version", () => {
    registerServiceWorker();
    workbox.listeners.get('waiting')?.();
    workbox.listeners.get('controlling')?.();
    expect(reload).not.toHaveBeenCalled();
  });
});
