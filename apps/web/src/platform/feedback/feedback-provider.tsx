import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter,
  AlertDialogHeader, AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Toaster, useToastQueue } from '../../components/ui/toast';
import { de } from '../../i18n/de';
import { FeedbackContext, type AlertOptions, type ConfirmOptions, type Feedback } from './feedback-context';

interface Request extends ConfirmOptions {
  id: number;
  kind: 'confirm' | 'alert';
  resolve(confirmed: boolean): void;
}

/**
 * Hosts the in-app replacements of window.confirm and window.alert (requests queue up one by one)
 * and the confirmation toasts.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const toasts = useToastQueue();
  const { notify, withdraw } = toasts;
  const nextId = useRef(0);
  const current = queue[0];

  const enqueue = useCallback((kind: Request['kind'], options: ConfirmOptions) => {
    return new Promise<boolean>((resolve) => {
      nextId.current += 1;
      const request: Request = { ...options, id: nextId.current, kind, resolve };
      setQueue((pending) => [...pending, request]);
    });
  }, []);

  // Radix also reports the close after an Action click: settling by id makes the second report a no-op.
  const settle = useCallback((request: Request, confirmed: boolean) => {
    setQueue((pending) => (pending[0]?.id === request.id ? pending.slice(1) : pending));
    request.resolve(confirmed);
  }, []);

  const feedback = useMemo<Feedback>(
    () => ({
      confirm: (options) => enqueue('confirm', options),
      alert: async (options: AlertOptions) => {
        await enqueue('alert', options);
      },
      notify,
      withdraw,
    }),
    [enqueue, notify, withdraw],
  );

  return (
    <FeedbackContext.Provider value={feedback}>
      <Toaster queue={toasts}>{children}</Toaster>
      <AlertDialog open={current !== undefined} onOpenChange={(open) => (!open && current ? settle(current, false) : undefined)}>
        {current ? (
          <AlertDialogContent key={current.id} {...(current.description ? {} : { 'aria-describedby': undefined })}>
            <AlertDialogHeader>
              <AlertDialogTitle>{current.title}</AlertDialogTitle>
              {current.description ? <AlertDialogDescription>{current.description}</AlertDialogDescription> : null}
            </AlertDialogHeader>
            <AlertDialogFooter>
              {current.kind === 'confirm' ? <AlertDialogCancel onClick={() => settle(current, false)}>{current.cancelLabel ?? de.feedback.cancel}</AlertDialogCancel> : null}
              <AlertDialogAction destructive={current.destructive} onClick={() => settle(current, true)}>
                {current.confirmLabel ?? de.feedback.ok}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </FeedbackContext.Provider>
  );
}
