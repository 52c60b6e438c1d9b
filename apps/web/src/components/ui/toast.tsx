import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';

/** Long enough to read a short confirmation twice; hovering or focusing a toast pauses it. */
export const toastDurationMs = 5000;

export interface Toast {
  id: number;
  message: string;
}

export interface ToastQueue {
  toasts: Toast[];
  notify(message: string): void;
  dismiss(id: number): void;
  /** Takes back every toast that says this message. */
  withdraw(message: string): void;
}

export function useToastQueue(): ToastQueue {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const notify = useCallback((message: string) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((shown) => [...shown, { id, message }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const withdraw = useCallback((message: string) => setToasts((shown) => shown.filter((toast) => toast.message !== message)), []);
  return { toasts, notify, dismiss, withdraw };
}

type RegisterSlot = (slot: HTMLElement | null, previous: HTMLElement | null) => void;

/** Lets an open dialog offer a place for the toasts, so they never lie over its buttons. */
const ToastSlotContext = createContext<RegisterSlot | null>(null);

/** Placed inside a dialog, below its scrolling body: while the dialog is open the toasts show here. */
export function ToastSlot() {
  const register = useContext(ToastSlotContext);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!register || !element) return undefined;
    register(element, null);
    return () => register(null, element);
  }, [register, element]);
  if (!register) return null;
  // A live region announces only what is added to it after it exists: it is there, empty, from the start.
  return <div ref={setElement} aria-live="polite" className="flex shrink-0 flex-col gap-2 md:px-6 md:[&:not(:empty)]:pb-4" />;
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => onDismiss(toast.id), toastDurationMs);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, onDismiss]);

  return (
    <div
      data-toast=""
      className="pointer-events-auto flex items-center gap-3 border border-border bg-foreground py-2 pl-4 pr-2 text-sm text-background shadow-lg md:rounded-md"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">{toast.message}</p>
      <button
        type="button"
        className="rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-background"
        onClick={() => onDismiss(toast.id)}
      >
        <X className="size-4" aria-hidden />
        <span className="sr-only">{de.toast.dismiss}</span>
      </button>
    </div>
  );
}

/**
 * Shows the toasts: stacked bottom right on desktop, full width at the bottom on phones, or in the
 * slot of the innermost open dialog. The region is a polite live region, so screen readers read each
 * new toast without moving the focus. It has aria-live without role="status" (which means the same):
 * pages find their own in-place status line by that role, and an ever-present empty region would be a
 * second one.
 */
export function Toaster({ queue, children }: { queue: ToastQueue; children: ReactNode }) {
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  const register = useCallback<RegisterSlot>((slot, previous) => {
    setSlots((current) => {
      const kept = current.filter((element) => element !== previous);
      return slot ? [...kept, slot] : kept;
    });
  }, []);
  const target = slots.at(-1) ?? region;
  const list = queue.toasts.map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={queue.dismiss} />);

  return (
    <ToastSlotContext.Provider value={register}>
      {children}
      {createPortal(
        <div
          ref={setRegion}
          aria-live="polite"
          className={cn(
            'pointer-events-none fixed inset-x-0 bottom-0 z-[70] flex flex-col gap-2',
            'md:inset-x-auto md:bottom-4 md:right-4 md:w-80',
          )}
        />,
        document.body,
      )}
      {target ? createPortal(list, target) : null}
    </ToastSlotContext.Provider>
  );
}
