import type { FastifyServerOptions } from 'fastify';
import { prettyLogStream } from './pretty-log';
import { createLogOutput, type LogOutput } from './log-output';

export type LogFormat = 'json' | 'pretty' | 'auto';

let stdoutLog: LogOutput | undefined;

/** The server's log on stdout, one for the process: shutdown flushes it before leaving. */
export function serverLogOutput(): LogOutput {
  stdoutLog ??= createLogOutput(1);
  return stdoutLog;
}

/** Tokens travel in invitation and reset links; they must not end up in log files. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * JSON lines for log collectors; human lines when a person watches the terminal (LOG_FORMAT=pretty,
 * or 'auto' with stdout a terminal).
 */
export function loggerOptions(level: string, format: LogFormat = 'json'): FastifyServerOptions['logger'] {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  const output = serverLogOutput();
  return {
    level,
    stream: pretty ? prettyLogStream(output, process.stdout.isTTY === true) : output,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
