import { randomUUID } from 'node:crypto';
import type { Fanout, LiveEvent } from '../fanout/fanout';

/** How often an instance says it is alive, and after how long without that its users count as gone. */
export const aliveIntervalMs = 5_000;
export const instanceTimeoutMs = 15_000;
/** Ids per announcement: a NOTIFY payload stays far below PostgreSQL's 8,000 bytes. */
const idsPerEvent = 500;

export interface Presence {
  readonly instance: string;
  connected(userId: number): void;
  disconnected(userId: number): void;
  isOnline(userId: number): boolean;
  /** Called with the users whose online state may have changed. */
  onChange(handler: (userIds: number[]) => void): void;
  handle(event: LiveEvent): void;
  close(): void;
}

function chunks(ids: number[]): number[][] {
  const result: number[][] = [];
  for (let i = 0; i < ids.length; i += idsPerEvent) result.push(ids.slice(i, i + idsPerEvent));
  return result;
}

/**
 * Who is connected, across instances: each instance counts its own connections and announces a
 * user's first and last one; with PostgreSQL the others learn it through the fan-out.
 */
export function createPresence(fanout: Fanout): Presence {
  const instance = randomUUID();
  const local = new Map<number, number>();
  const remote = new Map<string, { users: Set<number>; seenAt: number }>();
  const handlers: Array<(userIds: number[]) => void> = [];
  const changed = (userIds: number[]) => {
    if (userIds.length > 0) for (const handler of handlers) handler(userIds);
  };
  const announce = (userIds: number[], online: boolean) => {
    for (const part of chunks(userIds)) void fanout.publish({ type: 'presence', instance, userIds: part, online }).catch(() => undefined);
  };
  const remoteOf = (name: string) => {
    let entry = remote.get(name);
    if (!entry) {
      entry = { users: new Set(), seenAt: Date.now() };
      remote.set(name, entry);
    }
    entry.seenAt = Date.now();
    return entry;
  };

  const several = fanout.kind === 'postgres';
  let timer: NodeJS.Timeout | undefined;
  if (several) {
    void fanout.publish({ type: 'presence-hello', instance }).catch(() => undefined);
    timer = setInterval(() => {
      void fanout.publish({ type: 'presence-alive', instance }).catch(() => undefined);
      const now = Date.now();
      for (const [name, entry] of remote) {
        if (now - entry.seenAt <= instanceTimeoutMs) continue;
        remote.delete(name);
        changed([...entry.users]);
      }
    }, aliveIntervalMs);
    timer.unref();
    // Back after the LISTEN connection was lost: the others may have taken this instance for gone
    // meanwhile (and it them), so it says again who is connected here and asks them to do the same.
    fanout.onGap(() => {
      if (!fanout.listening) return;
      void fanout.publish({ type: 'presence-hello', instance }).catch(() => undefined);
      announce([...local.keys()], true);
    });
  }

  const presence: Presence = {
    instance,
    connected(userId) {
      const count = (local.get(userId) ?? 0) + 1;
      local.set(userId, count);
      if (count > 1) return;
      if (several) announce([userId], true);
      changed([userId]);
    },
    disconnected(userId) {
      const count = (local.get(userId) ?? 0) - 1;
      if (count > 0) {
        local.set(userId, count);
        return;
      }
      local.delete(userId);
      if (several) announce([userId], false);
      changed([userId]);
    },
    isOnline(userId) {
      if (local.has(userId)) return true;
      for (const entry of remote.values()) if (entry.users.has(userId)) return true;
      return false;
    },
    onChange(handler) {
      handlers.push(handler);
    },
    handle(event) {
      if (!('instance' in event) || event.instance === instance) return;
      if (event.type === 'presence-hello') {
        announce([...local.keys()], true);
        return;
      }
      const entry = remoteOf(event.instance);
      if (event.type !== 'presence') return;
      for (const userId of event.userIds) {
        if (event.online) entry.users.add(userId);
        else entry.users.delete(userId);
      }
      changed(event.userIds);
    },
    close() {
      if (timer) clearInterval(timer);
      if (several && local.size > 0) announce([...local.keys()], false);
    },
  };
  return presence;
}
