import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { serverMessages } from '@bauakte/domain';
import { bearerToken } from '../auth/plugin';
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

/** The small interface app.ts hands to the modules; without METRICS_TOKEN every call does nothing. */
export interface MetricsReporter extends MailMetrics, UploadMetrics {
  /** Counts open live (STOMP) connections when scraped. */
  watchLiveConnections(count: () => number): void;
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
  watchLiveConnections: () => undefined,
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
          reply.status(404).send({ message: serverMessages.routeNotFound, code: 'NOT_FOUND' }),
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
  let countLiveConnections = () => 0;
  new Gauge({
    name: 'bauakte_websocket_connections',
    help: 'Open live-channel (STOMP over WebSocket) connections',
    registers: [registry],
    collect() {
      this.set(countLiveConnections());
    },
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
      watchLiveConnections(count) {
        countLiveConnections = count;
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
          return reply.status(401).header('www-authenticate', 'Bearer').send({ message: serverMessages.unauthenticated, code: 'UNAUTHENTICATED' });
        }
        return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
      });
    },
  };
}
