// A separate process that exports without pause (BENCH_EXPORT_PARALLEL at once) until it is killed,
// so the load generator measuring the read does not share its event loop with the exports.
import { exportOnce } from './export';

const target = { port: Number(process.env.PORT), token: process.env.TOKEN ?? '', projectId: Number(process.env.PROJECT_ID) };
const parallel = Number(process.env.BENCH_EXPORT_PARALLEL ?? 4);
let done = 0;
process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ done })}\n`);
  process.exit(0);
});
process.stdout.write('ready\n');
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (;;) {
      await exportOnce(target);
      done++;
    }
  }),
);
