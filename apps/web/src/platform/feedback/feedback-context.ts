import { createContext, useContext } from 'react';

export interface ConfirmOptions {
  /** The question, e.g. 'Team "Nord" wirklich löschen?'. */
  title: string;
  description?: string;
  /** The label of the confirming button; 'OK' when absent. */
  confirmLabel?: string;
  /** The label of the cancelling button; 'Abbrechen' when absent. */
  cancelLabel?: string;
  destructive?: boolean;
}

export interface AlertOptions {
  /** The message, e.g. 'Löschen fehlgeschlagen'. */
  title: string;
  /** A second line, e.g. the server's reason. */
  description?: string;
}

export interface Feedback {
  /** Asks in an accessible dialog; resolves true on confirmation, false on cancel or Escape. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Tells the user something in an accessible dialog; resolves when it is dismissed. */
  alert(options: AlertOptions): Promise<void>;
  /** Confirms a finished action in a toast that goes away by itself, e.g. 'Kunde angelegt'. */
  notify(message: string): void;
  /** Takes back a toast's message that has gone stale, e.g. an upload's success once the next file is chosen. */
  withdraw(message: string): void;
}

export const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback/useConfirm/useAlert/useNotify outside FeedbackProvider');
  return feedback;
}

export function useConfirm(): Feedback['confirm'] {
  return useFeedback().confirm;
}

export function useAlert(): Feedback['alert'] {
  return useFeedback().alert;
}

export function useNotify(): Feedback['notify'] {
  return useFeedback().notify;
}

export function useWithdrawNotice(): Feedback['withdraw'] {
  return useFeedback().withdraw;
}
