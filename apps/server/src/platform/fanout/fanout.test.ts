import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresFanout, type Fanout, type LiveEvent } from './fanout';

const postgresUrl = process.env.TEST_DATABASE_URL;
const silent = { warn: () => undefined, info: () => undefined } as unknown as Parameters<typeof createPostgresFanout>[0]['log'];

describe.skipIf(!postgresUrl)('the PostgreSQL fan-out', () => {
  const opened: Fanout[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((fanout) => fanout.close()));
  });

  const open = async (schema: string) => {
    const fanout = await createPostgresFanout({ url: postgresUrl!, schema, log: silent });
    opened.push(fanout);
    return fanout;
  };

  it('delivers many events published at once to another instance, in order, without overlapping queries on its connection', async () => {
    const schema = `fanout_${process.pid}_${Date.now()}`;
    const [sender, receiver] = [await open(schema), await open(schema)];
    const heard: number[] = [];
    receiver.subscribe((event) => {
      if (event.type === 'message') heard.push(event.messageId);
    });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const events: LiveEvent[] = Array.from({ length: 200 }, (_, index) => ({ type: 'message', messageId: index + 1 }));
      await Promise.all(events.map((event) => sender.publish(event)));
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(200);
    } finally {
      process.off('warning', onWarning);
    }
    expect(heard).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it('refuses a publish whose NOTIFY fails, and the next ones still go out', async () => {
    const schema = `fanout_${process.pid}_${Date.now()}_b`;
    const [sender, receiver] = [await open(schema), await open(schema)];
    const heard: number[] = [];
    receiver.subscribe((event) => {
      if (event.type === 'message') heard.push(event.messageId);
    });
    // NOTIFY payloads are limited to 8,000 bytes: this one is refused by the server.
    const tooLarge = { type: 'sessions-ended', sessionIds: ['x'.repeat(9_000)], userIds: [] } as LiveEvent;
    await expect(sender.publish(tooLarge)).rejects.toThrow();
    await sender.publish({ type: 'message', messageId: 7 });
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([7]);
  });
});
