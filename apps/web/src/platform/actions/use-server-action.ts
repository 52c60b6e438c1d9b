import { useContext, useEffect, useRef, useState } from 'react';
import { QueryClientContext, type QueryKey } from '@tanstack/react-query';
import { FeedbackContext, type ConfirmOptions } from '../feedback/feedback-context';
import { errorReason, errorText, type ErrorContext } from '../../lib/api-errors';

/** The item of a list a run concerns, e.g. a file's id. */
export type ActionItem = string | number;

/** Options that take the run's input (and the answer) where their text depends on the item. */
type PerInput<Input, Value> = Value | ((input: Input) => Value);

export interface ServerActionOptions<Input, Answer> {
  /** The question asked first in the app's confirm dialog; declined, nothing is sent. Undefined: no question. */
  confirm?(input: Input): ConfirmOptions | undefined;
  /**
   * The call that changes data: the input in, the server's answer out. Without a connection nothing
   * holds it back: the action decides (keep it on the device, or fail).
   */
  action(input: Input): Promise<Answer>;
  /**
   * Which item of a list the input concerns: `isBusy(item)` is true while it runs, and a second run
   * for it meanwhile is ignored. Without it every run concerns the one item.
   */
  itemOf?(input: Input): ActionItem;
  /** Queries whose data the change alters: refetched once it succeeded (needs the page's QueryProvider). */
  invalidates?: PerInput<Input, readonly QueryKey[]>;
  /** Refetch them after a failure too: a refusal often means the list shown is stale (someone else deleted the item). */
  refetchAfterFailure?: boolean;
  /** The toast after a success, e.g. 'Kunde gelöscht'. */
  notify?(answer: Answer, input: Input): string;
  /** The text after a success that stays beside the action (`status`), e.g. 'Markierung 3 gelöscht.'. */
  status?(answer: Answer, input: Input): string;
  /** After a success, once the queries are invalidated and the toast shown; the item stays busy until it has finished. */
  onSuccess?(answer: Answer, input: Input): void | Promise<void>;
  /** The texts of a failure (spec section 8), shown as `error`; without it the action shows none. */
  errors?: PerInput<Input, ErrorContext>;
  /** Tells a failure in the app's alert dialog instead: the context's text as its title, the server's reason beneath. */
  alertErrors?: boolean;
  /** After a failure, once its text is shown, e.g. a refetch when the item is gone (NOT_FOUND). */
  onError?(failure: unknown, input: Input): void;
}

export interface ServerAction<Input> {
  /** Asks (if the action asks), then sends, then tells the outcome. Resolves once all is done. */
  run(input: Input): Promise<void>;
  /** True while any run is under way. */
  busy: boolean;
  /** True while a run for this item is under way: its button spins. */
  isBusy(item: ActionItem): boolean;
  /** The German text of the last failure; undefined when the last run did not fail. */
  error: string | undefined;
  /** The success text of the last run; undefined when there is none. */
  status: string | undefined;
  /** Takes back the last run's text, e.g. when the person turns to another item. */
  clear(): void;
}

interface Outcome {
  error?: string;
  status?: string;
}

/** The key of every run of an action that names no items. */
const soleItem = '';

const perInput = <Input, Value>(value: PerInput<Input, Value>, input: Input): Value =>
  typeof value === 'function' ? (value as (input: Input) => Value)(input) : value;

/**
 * The one way a click changes data on the server (delete, resend, carry over, load earlier): the
 * app's confirm dialog asks first where the change cannot be undone; the item is busy while it
 * runs; a success refetches the queries named and says so in a toast or a status text; a failure
 * says the context's German text (beside the action or in the alert dialog). A component left
 * meanwhile keeps no state: the toast and the refetch still happen.
 */
export function useServerAction<Input = void, Answer = unknown>(options: ServerActionOptions<Input, Answer>): ServerAction<Input> {
  // Read from the contexts, not through their hooks, so that an action that asks nothing and
  // refetches nothing renders without them (as useServerForm does).
  const queryClient = useContext(QueryClientContext);
  const feedback = useContext(FeedbackContext);
  if (options.invalidates && !queryClient) throw new Error('useServerAction: invalidates needs a QueryProvider');
  if ((options.confirm || options.notify || options.alertErrors) && !feedback) throw new Error('useServerAction: confirm, notify and alertErrors need the FeedbackProvider');

  const [running, setRunning] = useState<ReadonlySet<ActionItem>>(() => new Set());
  const [outcome, setOutcome] = useState<Outcome>({});
  // Read and written at once, so that two clicks in the same moment do not both send.
  const runningNow = useRef(new Set<ActionItem>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mark = (item: ActionItem, busy: boolean) => {
    if (busy) runningNow.current.add(item);
    else runningNow.current.delete(item);
    if (mounted.current) setRunning(new Set(runningNow.current));
  };
  const show = (next: Outcome) => {
    if (mounted.current) setOutcome(next);
  };
  const refetch = (input: Input) => {
    for (const queryKey of options.invalidates ? perInput(options.invalidates, input) : []) void queryClient?.invalidateQueries({ queryKey });
  };

  const fail = (failure: unknown, input: Input) => {
    const context = options.errors ? perInput(options.errors, input) : undefined;
    if (context && options.alertErrors) void feedback?.alert({ title: errorText(failure, context), description: errorReason(failure) });
    show(context && !options.alertErrors ? { error: errorText(failure, context) } : {});
    if (options.refetchAfterFailure) refetch(input);
    options.onError?.(failure, input);
  };

  const succeed = async (answer: Answer, input: Input) => {
    refetch(input);
    if (options.notify) feedback?.notify(options.notify(answer, input));
    show(options.status ? { status: options.status(answer, input) } : {});
    await options.onSuccess?.(answer, input);
  };

  const run = async (input: Input) => {
    const question = options.confirm?.(input);
    if (question && !(await feedback?.confirm(question))) return;
    const item = options.itemOf?.(input) ?? soleItem;
    if (runningNow.current.has(item)) return;
    mark(item, true);
    show({});
    try {
      let answer: Answer;
      try {
        answer = await options.action(input);
      } catch (failure) {
        fail(failure, input);
        return;
      }
      await succeed(answer, input);
    } finally {
      mark(item, false);
    }
  };

  return {
    run,
    busy: running.size > 0,
    isBusy: (item) => running.has(item),
    error: outcome.error,
    status: outcome.status,
    clear: () => show({}),
  };
}
