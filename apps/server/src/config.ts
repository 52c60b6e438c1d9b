import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import { isUsername, normalizeUsername } from '@bauakte/domain';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The CPU priority of the export and preview processes. idle: they run only when the server and
 * everything else on the machine leave a core free, so requests always come first. normal: as the
 * server's, for a host whose other work would otherwise starve them (and the test suite).
 */
const workerPriorities = ['idle', 'normal'] as const;
export type WorkerPriority = (typeof workerPriorities)[number];

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    message: 'must start with postgres:// or postgresql://',
  });

/** Requests one user may make on an expensive route within a minute. */
const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  ADMIN_USERNAME: z
    .string()
    .refine(isUsername, 'may contain only letters and digits (at most 50)')
    .transform(normalizeUsername)
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters long').max(128).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('Bauakte <no-reply@bauakte.local>'),
  MAIL_RETRY_MAX_HOURS: z.coerce.number().positive().max(24 * 14).default(24),
  MAIL_QUEUE_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(64).default(() => os.availableParallelism()),
  EXPORT_MAX_QUEUED: z.coerce.number().int().min(0).max(1_000).default(20),
  EXPORT_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  EXPORT_HEAP_LIMIT_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  PREVIEW_MAX_CONCURRENT: z.coerce.number().int().min(1).max(64).default(() => os.availableParallelism()),
  PREVIEW_MAX_QUEUED: z.coerce.number().int().min(0).max(1_000).default(20),
  /** Fractions allowed: a tenth of a second is a real bound for one page. */
  PREVIEW_TIME_LIMIT_SECONDS: z.coerce.number().min(0.01).max(600).default(20),
  PREVIEW_MEMORY_LIMIT_MB: z.coerce.number().int().min(128).max(16_384).default(512),
  WORKER_PRIORITY: z.enum(workerPriorities).default('idle'),
  PREVIEW_CACHE_FILE_FACTOR: z.coerce.number().int().min(1).max(1_000).default(10),
  /** Fractions allowed, as for the installation's bound. */
  PREVIEW_CACHE_FILE_MIN_MB: z.coerce.number().min(0).max(1_048_576).default(32),
  PREVIEW_CACHE_MAX_MB: z.coerce.number().min(0.1).max(16_777_216).default(10_240),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** auto: human lines on a terminal, JSON otherwise (for log collectors). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: z.stringbool({ error: 'must be true or false' }).default(false),
  DEMO: z.stringbool({ error: 'must be 1 or 0 (true or false)' }).default(false),
  SESSION_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(24 * 60 * 30).default(120),
  REMEMBERED_DEVICE_DAYS: z.coerce.number().positive().max(365).default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(5),
  WEB_DIST_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(2 ** 40).default(100 * 1024 * 1024),
  IMAGE_MAX_DECODED_MB: z.coerce.number().int().min(1).max(16 * 1024).default(256),
  THUMBNAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('eu-central-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'must be true or false' }).default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
  LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(50),
  LIVE_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(10),
  LIVE_MAX_BUFFERED_BYTES: z.coerce.number().int().min(64 * 1024).max(2 ** 30).default(1024 * 1024),
  LIVE_FRAME_READ_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  RATE_LIMIT_UPLOADS_PER_MINUTE: perMinute(60),
  RATE_LIMIT_EXPORTS_PER_MINUTE: perMinute(10),
  RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: perMinute(30),
  RATE_LIMIT_SEARCHES_PER_MINUTE: perMinute(120),
  RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: perMinute(60),
  IMPRESSUM_COMPANY: z.string().default('Bauakte Software GmbH'),
  IMPRESSUM_LEGAL_FORM: z.string().default('Gesellschaft mit beschränkter Haftung'),
  IMPRESSUM_STREET: z.string().default('Mariahilfer Straße 1'),
  IMPRESSUM_POSTAL_CODE: z.string().default('1060'),
  IMPRESSUM_CITY: z.string().default('Wien'),
  IMPRESSUM_COUNTRY: z.string().default('Österreich'),
  IMPRESSUM_EMAIL: z.string().default('office@bauakte.at'),
  IMPRESSUM_PHONE: z.string().default('+43 1 234 56 78'),
  IMPRESSUM_REGISTER_NUMBER: z.string().default('FN 123456 a'),
  IMPRESSUM_REGISTER_COURT: z.string().default('Handelsgericht Wien'),
  IMPRESSUM_VAT_ID: z.string().default('ATU12345678'),
  IMPRESSUM_MANAGING_DIRECTOR: z.string().default('Mag. Maria Muster'),
  IMPRESSUM_PURPOSE: z.string().default('Softwareentwicklung'),
  IMPRESSUM_CHAMBER: z.string().default('Wirtschaftskammer Wien, Fachgruppe Unternehmensberatung, Buchhaltung und Informationstechnologie'),
  PRIVACY_CONTACT_EMAIL: z.string().optional(),
  PRIVACY_HOSTING: z.string().default('Rechenzentrum in Österreich (Europäische Union)'),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the server reads (the deploy files' test checks compose.yaml against it). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this instance keeps at most. */
  databasePoolSize: number;
  jwtSecret: string | undefined;
  admin: { username: string | undefined; password: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A queued mail that could not be sent for this long is given up. */
  mailRetryMaxHours: number;
  /** With this many mails waiting to be sent, changes that would queue another are refused (503). */
  mailQueueMax: number;
  /** After SIGTERM the process leaves at this deadline at the latest, whatever it still waits for. */
  shutdownTimeoutMs: number;
  /** PDF exports: laid out in child processes, bounded so many at once cannot take the machine. */
  export: ExportLimits;
  /** PDF pages rendered as pictures (tiles, the plan viewer): in child processes, bounded like the export. */
  previews: PreviewLimits;
  /** How much of the store the plan viewer's rendered pages may take. */
  pageCache: PageCacheLimits;
  logLevel: (typeof logLevels)[number];
  logFormat: 'auto' | 'json' | 'pretty';
  sessionHours: number;
  /** A session without a request for this long ends (besides its lifetime of sessionHours). */
  sessionIdleMinutes: number;
  /** A login that remembers its device ends when unused this long (each use moves it on). */
  rememberedDeviceDays: number;
  /** A verified session is answered from memory this long (ended sessions are dropped on every instance at once); 0 turns it off. */
  sessionCacheSeconds: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (login throttling). */
  trustProxy: boolean;
  /** On an empty database, fill in the demo installation before listening (npm run seed:demo does it by hand). */
  demo: boolean;
  webDistDir: string | undefined;
  /** The largest file an upload may carry. */
  uploadMaxBytes: number;
  /** An image whose decoded pixels would take more bytes than this is stored without a thumbnail. */
  imageMaxDecodedBytes: number;
  /** Thumbnails this instance makes at once; more wait in a bounded line. */
  thumbnailConcurrency: number;
  /** Project files in an S3 bucket; without it they are kept in DATA_DIR/files. */
  s3: S3Config | undefined;
  /** GET /metrics answers only with this Bearer token; without it the route is off (404). */
  metricsToken: string | undefined;
  /** What one connection and one user may hold of the live channel (STOMP at /ws). */
  live: LiveLimits;
  /** Requests one user may make per minute on the expensive routes; beyond them 429 with Retry-After. */
  perUserPerMinute: PerUserBudgets;
  impressum: {
    company: string;
    legalForm: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    email: string;
    phone: string;
    registerNumber: string;
    registerCourt: string;
    vatId: string;
    managingDirector: string;
    businessPurpose: string;
    chamber: string;
  };
  /** The privacy notice's own details; its controller is the Impressum's operator. */
  privacy: { contactEmail: string; hosting: string };
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Without them the AWS SDK's own chain applies (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** MinIO and similar servers address buckets in the path, not the host name. */
  forcePathStyle: boolean;
}

export interface ExportLimits {
  /** PDFs laid out at once on this instance, one child process each. */
  maxConcurrent: number;
  /** Exports that may wait for a process; beyond them 503 with Retry-After. */
  maxQueued: number;
  /** A PDF not done within this time is stopped (its process ended) and answered 503. */
  timeLimitSeconds: number;
  /** Heap of each export process; a PDF needing more ends that process alone. */
  heapLimitMb: number;
  priority: WorkerPriority;
}

export interface PreviewLimits {
  /** Pages rendered at once on this instance, one child process each. */
  maxConcurrent: number;
  /** Renders that may wait; beyond them an upload keeps its PDF without a preview and a page asked for is answered 503. */
  maxQueued: number;
  /** A page not rendered within this time is stopped (its process ended). */
  timeLimitMs: number;
  /** Memory (resident, WebAssembly included) of each render process; a render needing more ends that process alone. */
  memoryLimitMb: number;
  priority: WorkerPriority;
}

/**
 * A file's cached pages are bounded by max(fileFactor × its size, fileMinBytes), held at every
 * write; all cached pages by maxBytes, held by the hourly sweep. The least recently read go first.
 */
export interface PageCacheLimits {
  fileFactor: number;
  fileMinBytes: number;
  maxBytes: number;
}

export interface LiveLimits {
  /** More SUBSCRIBEs on one connection are refused (ERROR frame, connection closed). */
  maxSubscriptionsPerConnection: number;
  /** A user's next CONNECT on this instance is refused (ERROR frame, connection closed). */
  maxConnectionsPerUser: number;
  /** A connection with more unsent bytes than this is closed as too slow (code 1013). */
  maxBufferedBytes: number;
  /** A frame begun but not finished within this time closes the connection (ERROR frame). */
  frameReadTimeoutSeconds: number;
}

/** The expensive routes' budgets; each route names the one it draws on. */
export interface PerUserBudgets {
  /** POST /api/s3/upload. */
  upload: number;
  /** The PDF and JSON exports, downloaded or sent by e-mail. */
  export: number;
  /** Chat messages, sent by REST or as a SEND on the live channel. */
  chatMessage: number;
  /** GET /api/projects ('Alle Projekte'). */
  search: number;
  /** A PDF page the plan viewer asks for that is not rendered yet (a cached one costs nothing). */
  pageRender: number;
}

/** Thrown for bad configuration; its message is the one line printed before the process stops. */
export class ConfigError extends Error {}

function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  // Container setups often pass VAR= for "unset"; treat that like a missing variable.
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const given = env[variable];
    const shown = /SECRET|PASSWORD|TOKEN/.test(variable) ? '' : ` (got "${given ?? ''}")`;
    throw new ConfigError(`${variable} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  return toConfig(parsed.data);
}

function s3Config(e: Env): S3Config | undefined {
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID) throw new ConfigError('S3_BUCKET is needed when S3_ENDPOINT or S3_ACCESS_KEY_ID is set');
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function toConfig(e: Env): Config {
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryMaxHours: e.MAIL_RETRY_MAX_HOURS,
    mailQueueMax: e.MAIL_QUEUE_MAX,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    export: {
      maxConcurrent: e.EXPORT_MAX_CONCURRENT,
      maxQueued: e.EXPORT_MAX_QUEUED,
      timeLimitSeconds: e.EXPORT_TIME_LIMIT_SECONDS,
      heapLimitMb: e.EXPORT_HEAP_LIMIT_MB,
      priority: e.WORKER_PRIORITY,
    },
    previews: {
      maxConcurrent: e.PREVIEW_MAX_CONCURRENT,
      maxQueued: e.PREVIEW_MAX_QUEUED,
      timeLimitMs: Math.round(e.PREVIEW_TIME_LIMIT_SECONDS * 1000),
      memoryLimitMb: e.PREVIEW_MEMORY_LIMIT_MB,
      priority: e.WORKER_PRIORITY,
    },
    pageCache: {
      fileFactor: e.PREVIEW_CACHE_FILE_FACTOR,
      fileMinBytes: Math.round(e.PREVIEW_CACHE_FILE_MIN_MB * 1024 * 1024),
      maxBytes: Math.round(e.PREVIEW_CACHE_MAX_MB * 1024 * 1024),
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    sessionHours: e.SESSION_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    rememberedDeviceDays: e.REMEMBERED_DEVICE_DAYS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    demo: e.DEMO,
    webDistDir: e.WEB_DIST_DIR,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    imageMaxDecodedBytes: e.IMAGE_MAX_DECODED_MB * 1024 * 1024,
    thumbnailConcurrency: e.THUMBNAIL_CONCURRENCY ?? os.availableParallelism(),
    s3: s3Config(e),
    metricsToken: e.METRICS_TOKEN,
    live: {
      maxSubscriptionsPerConnection: e.LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      maxConnectionsPerUser: e.LIVE_MAX_CONNECTIONS_PER_USER,
      maxBufferedBytes: e.LIVE_MAX_BUFFERED_BYTES,
      frameReadTimeoutSeconds: e.LIVE_FRAME_READ_TIMEOUT_SECONDS,
    },
    perUserPerMinute: {
      upload: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      export: e.RATE_LIMIT_EXPORTS_PER_MINUTE,
      chatMessage: e.RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE,
      search: e.RATE_LIMIT_SEARCHES_PER_MINUTE,
      pageRender: e.RATE_LIMIT_PAGE_RENDERS_PER_MINUTE,
    },
    impressum: {
      company: e.IMPRESSUM_COMPANY,
      legalForm: e.IMPRESSUM_LEGAL_FORM,
      street: e.IMPRESSUM_STREET,
      postalCode: e.IMPRESSUM_POSTAL_CODE,
      city: e.IMPRESSUM_CITY,
      country: e.IMPRESSUM_COUNTRY,
      email: e.IMPRESSUM_EMAIL,
      phone: e.IMPRESSUM_PHONE,
      registerNumber: e.IMPRESSUM_REGISTER_NUMBER,
      registerCourt: e.IMPRESSUM_REGISTER_COURT,
      vatId: e.IMPRESSUM_VAT_ID,
      managingDirector: e.IMPRESSUM_MANAGING_DIRECTOR,
      businessPurpose: e.IMPRESSUM_PURPOSE,
      chamber: e.IMPRESSUM_CHAMBER,
    },
    privacy: { contactEmail: e.PRIVACY_CONTACT_EMAIL ?? e.IMPRESSUM_EMAIL, hosting: e.PRIVACY_HOSTING },
  };
}
