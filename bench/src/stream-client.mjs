/**
 * The streamed-search bench's client, in a worker thread of its own (bench/src/stream-bench.ts): it posts one search
 * per message and answers when each source's `result` and the `done` event arrived, as epoch milliseconds
 * (`performance.timeOrigin + performance.now()`, comparable across the threads of one process). A browser reads the
 * stream on another machine: reading and parsing the events here must not take the server's event loop, nor be
 * counted as the server's time. An event's time is when its bytes arrived, before they are parsed.
 * Plain JavaScript: a worker thread does not inherit the `--import tsx` loader.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

const epoch = () => performance.timeOrigin + performance.now();

/** @param {{ url: string, headers: Record<string, string>, body: string }} req */
async function once({ url, headers, body }) {
  const t0 = epoch();
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  if (!res.ok) return { ok: false, error: `${url}: ${res.status} ${await res.text()}` };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** @type {Record<string, number>} */
  const at = {};
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const arrived = epoch();
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const [ev, data] = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      const event = ev.replace('event: ', '');
      const payload = JSON.parse(data.replace('data: ', ''));
      if (event === 'failure') return { ok: false, error: `${payload.supplier} failed: ${payload.code} ${payload.msg}` };
      if (event === 'result') at[payload.supplier] = arrived;
      if (event === 'done') at.done = arrived;
    }
  }
  return { ok: true, t0, at };
}

parentPort?.on('message', (req) => {
  once(req).then(
    (reply) => parentPort?.postMessage(reply),
    (err) => parentPort?.postMessage({ ok: false, error: String(err) }),
  );
});
