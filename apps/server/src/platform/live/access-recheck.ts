import type { Fanout } from '../fanout/fanout';
import { isProjectDestination } from './topics';

/**
 * Subscriptions outlive the access they were granted with: a team, a project, a chat or an account changes,
 * and what the access policy allowed at SUBSCRIBE may be refused now. On such a change (from any
 * instance, through the fan-out) every subscription it may concern is asked of the policy again;
 * one it refuses ends as a refused SUBSCRIBE does (broker.ts).
 *
 * Until its check has answered, a subscription's messages are kept back, so nothing announced after
 * the change reaches someone the change shut out; they follow in order once the check allows it.
 */

/** Subscriptions checked at once: a change concerns every open one, and each check is a read. */
const concurrentChecks = 4;
/** Messages kept back per subscription while it is checked; beyond these the connection is dropped as slow. */
export const maxHeldMessages = 100;

/** Which subscriptions a change concerns, by destination (all when absent). */
export type AccessChange = { projectId?: number };

export interface AccessRecheck<S extends object> {
  /** Access may have changed: keep back the subscriptions' messages and ask the policy again. */
  recheck(subscriptions: Iterable<S>): void;
  /** Sends a message now, or keeps it back while the subscription is checked. */
  deliver(subscription: S, send: () => void): void;
  /** The subscription ended: what was kept back for it goes. */
  forget(subscription: S): void;
  /** Counts changes: a SUBSCRIBE allowed across one is checked again. */
  changes(): number;
}

interface Held {
  messages: Array<() => void>;
  /** Raised by every change: a check counts only if none came while it ran. */
  mark: number;
}

export function createAccessRecheck<S extends object>(options: {
  /** Throws the AppError REST would answer when the subscription's user may no longer hold it. */
  authorize(subscription: S): Promise<void>;
  /** The check refused (or could not be made): the subscription ends, its kept messages unsent. */
  refused(subscription: S, error: unknown): void;
  /** More messages came while it was checked than are kept. */
  overflowed(subscription: S): void;
  /** Ending a refused subscription failed: told, never thrown into the fan-out's handler. */
  failed(error: unknown): void;
}): AccessRecheck<S> {
  const held = new Map<S, Held>();
  const queue: S[] = [];
  const queued = new Set<S>();
  let running = 0;
  let changeCount = 0;

  const enqueue = (subscription: S) => {
    if (queued.has(subscription)) return;
    queued.add(subscription);
    queue.push(subscription);
  };

  async function check(subscription: S): Promise<void> {
    const state = held.get(subscription);
    if (!state) return;
    const mark = state.mark;
    try {
      await options.authorize(subscription);
    } catch (error) {
      if (held.get(subscription) !== state) return;
      // A later change may have given the access back: only the newest check decides.
      if (state.mark !== mark) return enqueue(subscription);
      held.delete(subscription);
      options.refused(subscription, error);
      return;
    }
    if (held.get(subscription) !== state) return;
    if (state.mark !== mark) return enqueue(subscription);
    held.delete(subscription);
    for (const send of state.messages) send();
  }

  function work(): void {
    while (running < concurrentChecks && queue.length > 0) {
      const subscription = queue.shift()!;
      queued.delete(subscription);
      running += 1;
      void check(subscription)
        .catch(options.failed)
        .finally(() => {
          running -= 1;
          work();
        });
    }
  }

  return {
    recheck(subscriptions) {
      changeCount += 1;
      for (const subscription of subscriptions) {
        const state = held.get(subscription);
        if (state) state.mark += 1;
        else held.set(subscription, { messages: [], mark: 0 });
        enqueue(subscription);
      }
      work();
    },
    deliver(subscription, send) {
      const state = held.get(subscription);
      if (!state) return send();
      if (state.messages.length < maxHeldMessages) {
        state.messages.push(send);
        return;
      }
      held.delete(subscription);
      options.overflowed(subscription);
    },
    forget(subscription) {
      held.delete(subscription);
    },
    changes: () => changeCount,
  };
}

/** Which destinations a change concerns: a deleted project's topics, or every destination. */
export function concerns(change: AccessChange): (destination: string) => boolean {
  const { projectId } = change;
  return projectId === undefined ? () => true : (destination) => isProjectDestination(destination, projectId);
}

/**
 * Rechecks on this instance what changes anywhere concern: teams (whom an architect works with),
 * deleted projects and accounts; and everything after a gap in the fan-out, when changes may
 * have been missed.
 */
export function watchAccessChanges(fanout: Fanout, recheck: (concerned: (destination: string) => boolean) => void): void {
  fanout.subscribe((event) => {
    if (event.type === 'teams-changed') recheck(concerns({}));
    if (event.type === 'access-changed') recheck(concerns(event.projectId === undefined ? {} : { projectId: event.projectId }));
  });
  // Called when the LISTEN connection is lost and when it is back: checks can be made once it is back.
  fanout.onGap(() => {
    if (fanout.listening) recheck(concerns({}));
  });
}

/** Tells every instance (this one included) that access changed; a failed notice never fails the change. */
export function createAccessChangeNotice(fanout: Fanout, onNoticeFailed: (error: unknown) => void): (change?: AccessChange) => Promise<void> {
  return (change = {}) =>
    fanout.publish({ type: 'access-changed', ...(change.projectId === undefined ? {} : { projectId: change.projectId }) }).catch(onNoticeFailed);
}
