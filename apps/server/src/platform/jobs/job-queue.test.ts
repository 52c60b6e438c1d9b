import { describe, expect, it } from 'vitest';
import { createJobQueue } from './job-queue';

/** A job that runs until the test lets it finish. */
function controlledJob(started: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: () => fail(new Error(`${name} failed`)),
  };
}

/** Lets every promise that can settle do so. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the job queue', () => {
  it('runs at most K jobs at once; the others start in order as slots free', async () => {
    const queue = createJobQueue({ concurrency: 2, maxWaiting: 10 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => controlledJob(started, name));
    const results = jobs.map((job) => queue.offer(job.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);

    jobs[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);

    // A failed job frees its slot as well; its caller gets the error.
    jobs[0]!.fail();
    await expect(results[0]).rejects.toThrow('a failed');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);

    for (const job of jobs.slice(2)) job.finish();
    expect(await Promise.all(results.slice(1))).toEqual(['b', 'c', 'd', 'e']);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('takes no job beyond the bounded line, and takes jobs again once it shortens', async () => {
    const queue = createJobQueue({ concurrency: 1, maxWaiting: 2 });
    const started: string[] = [];
    const [running, first, second, refused] = ['running', 'first', 'second', 'refused'].map((name) => controlledJob(started, name));
    const taken = [running!, first!, second!].map((job) => queue.offer(job.work));
    expect(taken.every((result) => result !== undefined)).toBe(true);
    expect(queue.offer(refused!.work)).toBeUndefined();
    running!.finish();
    await settle();
    expect(started).toEqual(['running', 'first']);
    const later = queue.offer(refused!.work);
    expect(later).toBeDefined();
    first!.finish();
    second!.finish();
    refused!.finish();
    expect(await Promise.all([...taken, later])).toEqual(['running', 'first', 'second', 'refused']);
    expect(started).toEqual(['running', 'first', 'second', 'refused']);
  });
});
