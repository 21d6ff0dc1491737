import type { Dispatcher } from 'undici';

type Handler = Dispatcher.DispatchHandler;

/**
 * Counts the supplier requests handed to undici whose bytes are not written yet. A streamed search waits for
 * none to be left before it starts its local work (own inventory, pricing): PGlite runs each query on this
 * thread, and a request undici has not written yet stays unwritten until those queries end (issues 17, 18).
 *
 * undici calls a request's `onConnect` (`onRequestStart` in its newer handler API) just before it writes the
 * request on its socket, and `onError`/`onResponseError` when it fails before that; either ends the count.
 */
export class UnsentRequests {
  private count = 0;
  private waiters: Array<() => void> = [];

  get unsent(): number {
    return this.count;
  }

  /** The undici interceptor that keeps the count (`agent.compose(unsent.interceptor)`). */
  readonly interceptor: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    this.count++;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      if (--this.count === 0) this.release();
    };
    const watched = new Proxy(handler, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop === 'onConnect' || prop === 'onRequestStart' || prop === 'onError' || prop === 'onResponseError')
          return (...args: unknown[]) => {
            settle();
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    }) as Handler;
    try {
      return dispatch(opts, watched);
    } catch (err) {
      settle();
      throw err;
    }
  };

  /**
   * Resolves once every request made so far is written, or after `capMs`: a new connection's TLS handshake to a
   * real supplier can take 50–150 ms, and our own results should not wait for it (requests on kept-alive
   * connections are written within a turn of the loop). One turn of the event loop first, so requests still being
   * built in promise callbacks are counted.
   */
  async whenWritten(capMs = 20): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.count === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, capMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }

  private release() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const done of waiting) done();
  }
}
