import { describe, expect, it } from 'vitest';
import { formatLogLine } from './pretty-log';

describe('human log lines', () => {
  const time = new Date(2026, 10, 23, 10, 4, 12).getTime();

  it('shows time, level and message, then the request id and the other fields', () => {
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: '0a1b2c3d-4e5f', res: { statusCode: 200 }, responseTime: 3.2, msg: 'request completed' });
    expect(formatLogLine(line, false)).toBe('10:04:12 INFO  request completed [0a1b2c3d]  res={"statusCode":200} responseTime=3.2\n');
  });

  it("puts an error's stack below the line and colours the level on a terminal", () => {
    const line = JSON.stringify({ level: 50, time, msg: 'mail delivery failed', to: 'a@b.at', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at send' } });
    expect(formatLogLine(line, false)).toBe('10:04:12 ERROR mail delivery failed  to=a@b.at\nError: boom\n    at send\n');
    expect(formatLogLine(line, true)).toContain('\u001b[31mERROR\u001b[0m');
  });

  it('quotes texts with spaces and passes lines that are no JSON as they are', () => {
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'Achtung', reason: 'zwei Wörter' }), false)).toBe('10:04:12 WARN  Achtung  reason="zwei Wörter"\n');
    expect(formatLogLine('kein JSON', false)).toBe('kein JSON\n');
  });
});
