import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { serverMessages } from '@bauakte/domain';
import { bearerToken } from '../auth/plugin';
import { notFound, unauthenticated } from '../errors';
import { sendError } from '../http/error-handler';
import type { App } from '../http/types';

/** What the mailer reports. */
export interface MailMetrics {
  mailSent(): void;
  mailFailed(): void;
}

/** What the file module reports: bytes of files stored (originals, not thumbnails). */
export interface UploadMetrics {
  uploadedBytes(bytes: number): void;
}

/** Why the live channel refused a frame or a connection: the label of its refusals counter. */
export const liveRefusalKinds = ['subscription_limit', 'duplicate_subscription', 'connection_limit', 'frame_timeout', 'frame_too_large'] as const;
export type LiveRefusalKind = (typeof liveRefusalKinds)[number];

/** What the live channel (platform/live/broker.ts) reports as it happens. */
export interface LiveMetrics {
  liveRefused(kind: LiveRefusalKind): void;
  /** A connection closed because it did not take its messages fast enough. */
  liveSlowConsumerClosed(): void;
}

/** What the live channel holds now, read when scraped. */
export interface LiveGauges {
  connections(): number;
  subscriptions(): number;
  /** Bytes queued for the connections and not yet taken by them. */
  bufferedBytes(): number;
}

/** The small interface app.ts hands to the modules; without METRICS_TOKEN every call does nothing. */
export interface MetricsReporter extends MailMetrics, UploadMetrics, LiveMetrics {
  watchLive(gauges: LiveGauges): void;
}

export interface Metrics {
  reporter: MetricsReporter;
  /** Adds GET /metrics (404 without METRICS_TOKEN) and, with it, the request timing hook. */
  install(app: App): void;
}

export const metricsPath = '/metrics';
/** The route label of a request no route matched (404s of scanners): one label, not one per URL. */
export const unmatchedRoute = 'unmatched';

const silentReporter: MetricsReporter = {
  mailSent: () => undefined,
  mailFailed: () => undefined,
  uploadedBytes: () => undefined,
  liveRefused: () => undefined,
  liveSlowConsumerClosed: () => undefined,
  watchLive: () => undefined,
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first differing byte shows in the timing. */
function sameToken(given: string | undefined, expected: Buffer): boolean {
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

/**
 * Prometheus metrics, off unless METRICS_TOKEN is set. Each built app has its own registry (tests
 * build many apps in one process), so nothing here is global.
 */
export function createMetrics(token: string | undefined): Metrics {
  if (!token) {
    return {
      reporter: silentReporter,
      install(app) {
        app.get(metricsPath, { schema: { hide: true } }, async (_request, reply) =>
          sendError(reply, notFound(serverMessages.routeNotFound)),
        );
      },
    };
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let live: LiveGauges = { connections: () => 0, subscriptions: () => 0, bufferedBytes: () => 0 };
  new Gauge({
    name: 'bauakte_websocket_connections',
    help: 'Open live-channel (STOMP over WebSocket) connections',
    registers: [registry],
    collect() {
      this.set(live.connections());
    },
  });
  new Gauge({
    name: 'bauakte_websocket_subscriptions',
    help: 'Subscriptions of the open live-channel connections',
    registers: [registry],
    collect() {
      this.set(live.subscriptions());
    },
  });
  new Gauge({
    name: 'bauakte_websocket_buffered_bytes',
    help: 'Bytes queued for live-channel connections and not yet taken by them',
    registers: [registry],
    collect() {
      this.set(live.bufferedBytes());
    },
  });
  const liveRefusals = new Counter({
    name: 'bauakte_websocket_refusals_total',
    help: 'Live-channel frames or connections refused by a limit, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  // Every kind shows from the start, at 0, so a dashboard's rate() has a series before the first refusal.
  for (const kind of liveRefusalKinds) liveRefusals.inc({ kind }, 0);
  const slowConsumerCloses = new Counter({
    name: 'bauakte_websocket_slow_consumer_closes_total',
    help: 'Live-channel connections closed because they did not take their messages fast enough',
    registers: [registry],
  });
  const mailsSent = new Counter({ name: 'bauakte_mails_sent_total', help: 'Mails handed to SMTP or written to the outbox', registers: [registry] });
  const mailsFailed = new Counter({ name: 'bauakte_mails_failed_total', help: 'Mails that could not be handed over', registers: [registry] });
  const uploadBytes = new Counter({ name: 'bauakte_upload_bytes_total', help: 'Bytes of uploaded files stored', registers: [registry] });
  const expected = digest(token);

  return {
    reporter: {
      mailSent: () => mailsSent.inc(),
      mailFailed: () => mailsFailed.inc(),
      uploadedBytes: (bytes) => uploadBytes.inc(bytes),
      liveRefused: (kind) => liveRefusals.inc({ kind }),
      liveSlowConsumerClosed: () => slowConsumerCloses.inc(),
      watchLive(gauges) {
        live = gauges;
      },
    },
    install(app) {
      app.addHook('onResponse', async (request, reply) => {
        requestDuration.observe(
          { method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
      app.get(metricsPath, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
        if (!sameToken(bearerToken(request.headers.authorization), expected)) {
          return sendError(reply.header('www-authenticate', 'Bearer'), unauthenticated());
        }
        return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
      });
    },
  };
}
