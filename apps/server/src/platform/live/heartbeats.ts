import type { StompFrame } from './stomp-frames';

/** Heart-beats of 10 s offered both ways; a client may ask for them less often, never more. */
export const serverHeartbeatMs = 10_000;

/** The CONNECT frame's heart-beat header: how often the client sends one, how often it wants one (0: never). */
function heartbeatOf(frame: StompFrame): [number, number] {
  const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((part) => Number(part));
  return [Number.isFinite(cx) && cx! > 0 ? cx! : 0, Number.isFinite(cy) && cy! > 0 ? cy! : 0];
}

/** What the heart-beats need of a connection: where their timers go, and when its last byte came. */
export interface Beating {
  timers: NodeJS.Timeout[];
  readonly lastReceivedAt: number;
}

/**
 * Agrees on heart-beats with the client's CONNECT and runs them on the connection's timers: `beat`
 * sends one, `lost` ends a connection that stayed silent. Answers the CONNECTED frame's heart-beat header.
 */
export function startHeartbeats(connection: Beating, frame: StompFrame, on: { beat(): void; lost(): void }): string {
  const [clientSends, clientWants] = heartbeatOf(frame);
  const outgoing = clientWants === 0 ? 0 : Math.max(serverHeartbeatMs, clientWants);
  const incoming = clientSends === 0 ? 0 : Math.max(serverHeartbeatMs, clientSends);
  if (outgoing > 0) connection.timers.push(setInterval(() => on.beat(), outgoing));
  if (incoming > 0) {
    connection.timers.push(
      setInterval(() => {
        // Twice the agreed interval without a byte: the other side is gone.
        if (Date.now() - connection.lastReceivedAt > incoming * 2) on.lost();
      }, incoming),
    );
  }
  return `${serverHeartbeatMs},${serverHeartbeatMs}`;
}
