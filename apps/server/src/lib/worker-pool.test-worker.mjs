// Test support for worker-pool.test.ts: a worker that echoes, spins, throws, exits or eats memory on request.
import { parentPort } from 'node:worker_threads';

const port = parentPort;
port.on('message', ({ id, input }) => {
  if (input === 'spin') for (;;);
  if (input === 'exit') process.exit(3);
  if (input === 'hog') {
    const hoard = [];
    for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
  }
  if (input === 'throw') {
    port.postMessage({ id, ok: false, error: 'thrown on request' });
    return;
  }
  port.postMessage({ id, ok: true, value: `echo ${input}` });
});
port.postMessage({ ready: true });
