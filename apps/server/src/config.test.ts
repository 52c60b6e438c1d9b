import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { shutdownDeadlines } from './platform/http/shutdown';

describe('loadConfig', () => {
  it('runs with nothing configured: port 8080, ./data, SQLite, local links', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.impressum.businessPurpose).toBe('Softwareentwicklung');
  });

  it("takes the privacy notice's contact from the Impressum's e-mail unless PRIVACY_CONTACT_EMAIL is set", () => {
    expect(loadConfig({ IMPRESSUM_EMAIL: 'buero@planwerk.at' }).privacy.contactEmail).toBe('buero@planwerk.at');
    expect(loadConfig({ IMPRESSUM_EMAIL: 'buero@planwerk.at', PRIVACY_CONTACT_EMAIL: 'datenschutz@planwerk.at' }).privacy.contactEmail).toBe('datenschutz@planwerk.at');
    expect(loadConfig({ PRIVACY_CONTACT_EMAIL: '' }).privacy.contactEmail).toBe('office@bauakte.at');
    expect(loadConfig({ PRIVACY_HOSTING: 'Exoscale, Wien' }).privacy.hosting).toBe('Exoscale, Wien');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });

  it.each([
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^DATABASE_URL must start with postgres:\/\//],
    [{ PORT: 'achtzig' }, /^PORT /],
    [{ PORT: '70000' }, /^PORT /],
    [{ PUBLIC_URL: 'ftp://example.com' }, /^PUBLIC_URL /],
    [{ LOG_LEVEL: 'laut' }, /^LOG_LEVEL /],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL /],
    [{ TRUST_PROXY: 'vielleicht' }, /^TRUST_PROXY /],
    [{ SESSION_CACHE_SECONDS: '60' }, /^SESSION_CACHE_SECONDS /],
    [{ DATABASE_POOL_SIZE: '0' }, /^DATABASE_POOL_SIZE /],
    [{ DATABASE_POOL_SIZE: 'viele' }, /^DATABASE_POOL_SIZE /],
    [{ DEMO: 'bitte' }, /^DEMO /],
    [{ ADMIN_USERNAME: 'chef' }, /^ADMIN_USERNAME and ADMIN_PASSWORD/],
    [{ ADMIN_USERNAME: 'chef!', ADMIN_PASSWORD: 'lang-genug' }, /^ADMIN_USERNAME /],
  ])('stops with one line naming the variable for %o', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('never repeats a secret in its message', () => {
    expect(() => loadConfig({ JWT_SECRET: 'kurz-und-geheim' })).toThrow(/^JWT_SECRET must be at least 32/);
    try {
      loadConfig({ JWT_SECRET: 'kurz-und-geheim' });
    } catch (error) {
      expect((error as Error).message).not.toContain('kurz-und-geheim');
    }
  });

  it('takes a METRICS_TOKEN of at least 16 characters and never repeats a short one', () => {
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-please-0123' }).metricsToken).toBe('scrape-me-please-0123');
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'zu-kurz' })).toThrow(/^METRICS_TOKEN must be at least 16 characters long$/);
  });

  it('keeps up to 20 PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
  });

  it('limits the live channel per connection and user unless the LIVE_ variables say otherwise', () => {
    expect(loadConfig({}).live).toEqual({ maxSubscriptionsPerConnection: 50, maxConnectionsPerUser: 10, maxBufferedBytes: 1024 * 1024, frameReadTimeoutSeconds: 10 });
    const set = loadConfig({
      LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '5',
      LIVE_MAX_CONNECTIONS_PER_USER: '3',
      LIVE_MAX_BUFFERED_BYTES: '131072',
      LIVE_FRAME_READ_TIMEOUT_SECONDS: '2',
    });
    expect(set.live).toEqual({ maxSubscriptionsPerConnection: 5, maxConnectionsPerUser: 3, maxBufferedBytes: 131072, frameReadTimeoutSeconds: 2 });
    expect(() => loadConfig({ LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '0' })).toThrow(/^LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION /);
    expect(() => loadConfig({ LIVE_MAX_CONNECTIONS_PER_USER: 'viele' })).toThrow(/^LIVE_MAX_CONNECTIONS_PER_USER /);
    // Below one frame (64 KiB) a connection could not take a single large message.
    expect(() => loadConfig({ LIVE_MAX_BUFFERED_BYTES: '1000' })).toThrow(/^LIVE_MAX_BUFFERED_BYTES /);
    expect(() => loadConfig({ LIVE_FRAME_READ_TIMEOUT_SECONDS: '0' })).toThrow(/^LIVE_FRAME_READ_TIMEOUT_SECONDS /);
  });

  it('gives each user budgets per minute on the expensive routes unless the RATE_LIMIT_ variables say otherwise', () => {
    expect(loadConfig({}).perUserPerMinute).toEqual({ upload: 60, export: 10, chatMessage: 30, search: 120, pageRender: 60 });
    const set = loadConfig({
      RATE_LIMIT_UPLOADS_PER_MINUTE: '5',
      RATE_LIMIT_EXPORTS_PER_MINUTE: '2',
      RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '100',
      RATE_LIMIT_SEARCHES_PER_MINUTE: '600',
      RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '20',
    });
    expect(set.perUserPerMinute).toEqual({ upload: 5, export: 2, chatMessage: 100, search: 600, pageRender: 20 });
    expect(() => loadConfig({ RATE_LIMIT_UPLOADS_PER_MINUTE: '0' })).toThrow(/^RATE_LIMIT_UPLOADS_PER_MINUTE /);
    expect(() => loadConfig({ RATE_LIMIT_SEARCHES_PER_MINUTE: 'viele' })).toThrow(/^RATE_LIMIT_SEARCHES_PER_MINUTE /);
    expect(() => loadConfig({ RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '0' })).toThrow(/^RATE_LIMIT_PAGE_RENDERS_PER_MINUTE /);
  });

  it("bounds the rendered pages' cache per file and in all unless the PREVIEW_CACHE_ variables say otherwise", () => {
    const mib = 1024 * 1024;
    expect(loadConfig({}).pageCache).toEqual({ fileFactor: 10, fileMinBytes: 32 * mib, maxBytes: 10_240 * mib });
    const set = loadConfig({ PREVIEW_CACHE_FILE_FACTOR: '2', PREVIEW_CACHE_FILE_MIN_MB: '0', PREVIEW_CACHE_MAX_MB: '0.5' });
    expect(set.pageCache).toEqual({ fileFactor: 2, fileMinBytes: 0, maxBytes: mib / 2 });
    expect(() => loadConfig({ PREVIEW_CACHE_FILE_FACTOR: '0' })).toThrow(/^PREVIEW_CACHE_FILE_FACTOR /);
    expect(() => loadConfig({ PREVIEW_CACHE_FILE_FACTOR: '1.5' })).toThrow(/^PREVIEW_CACHE_FILE_FACTOR /);
    expect(() => loadConfig({ PREVIEW_CACHE_FILE_MIN_MB: '-1' })).toThrow(/^PREVIEW_CACHE_FILE_MIN_MB /);
    // Without a bound the cache would grow as before; zero would re-render every page at every read.
    expect(() => loadConfig({ PREVIEW_CACHE_MAX_MB: '0' })).toThrow(/^PREVIEW_CACHE_MAX_MB /);
    expect(() => loadConfig({ PREVIEW_CACHE_MAX_MB: 'viel' })).toThrow(/^PREVIEW_CACHE_MAX_MB /);
  });

  it('leaves within 10 s of SIGTERM unless SHUTDOWN_TIMEOUT_SECONDS says otherwise, cutting running requests at four fifths', () => {
    expect(shutdownDeadlines(loadConfig({}).shutdownTimeoutMs)).toEqual({ cutRequestsMs: 8_000, exitMs: 10_000, flushMs: 500 });
    expect(shutdownDeadlines(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutMs)).toEqual({ cutRequestsMs: 24_000, exitMs: 30_000, flushMs: 500 });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/^SHUTDOWN_TIMEOUT_SECONDS /);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '1.5' })).toThrow(/^SHUTDOWN_TIMEOUT_SECONDS /);
  });

  it('runs exports and previews at idle priority unless WORKER_PRIORITY=normal', () => {
    expect([loadConfig({}).export.priority, loadConfig({}).previews.priority]).toEqual(['idle', 'idle']);
    const set = loadConfig({ WORKER_PRIORITY: 'normal' });
    expect([set.export.priority, set.previews.priority]).toEqual(['normal', 'normal']);
    expect(() => loadConfig({ WORKER_PRIORITY: 'low' })).toThrow(/^WORKER_PRIORITY /);
  });

  it('builds links from PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bauakte.example.at/' }).publicUrl).toBe('https://bauakte.example.at');
  });
});
