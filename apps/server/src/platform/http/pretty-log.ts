
/** pino's numeric levels, as a person reads them. */
const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const levelColours: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
// pino's own fields and the ones shown on the line itself.
const hidden = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function value(entry: unknown): string {
  if (typeof entry === 'string') return /\s/.test(entry) ? JSON.stringify(entry) : entry;
  return JSON.stringify(entry);
}

/**
 * One JSON log line of pino as one human line: '10:04:12 INFO  Bauakte läuft auf http://…' with the
 * request id and further fields after it, an error's stack below. Lines that are no JSON pass as they are.
 */
export function formatLogLine(line: string, colours: boolean): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = typeof record.level === 'number' ? record.level : 30;
  const name = (levelNames[level] ?? String(level)).padEnd(5);
  const tinted = colours ? `\u001b[${levelColours[level] ?? '0'}m${name}\u001b[0m` : name;
  const fields = Object.entries(record)
    .filter(([key]) => !hidden.has(key))
    .map(([key, entry]) => `${key}=${value(entry)}`);
  const request = typeof record.reqId === 'string' ? ` [${record.reqId.slice(0, 8)}]` : '';
  const error = record.err as { stack?: string; message?: string } | string | undefined;
  const stack = typeof error === 'string' ? error : (error?.stack ?? error?.message);
  const rest = fields.length > 0 ? `  ${fields.join(' ')}` : '';
  return `${clock(record.time)} ${tinted} ${String(record.msg ?? '')}${request}${rest}\n${stack ? `${stack}\n` : ''}`;
}

/** A stream for pino that writes human lines to the terminal instead of JSON. */
export function prettyLogStream(target: { write(text: string): unknown }, terminal: boolean): { write(line: string): void } {
  const colours = terminal && !process.env.NO_COLOR;
  return { write: (line: string) => void target.write(formatLogLine(line, colours)) };
}
