/**
 * An async iterable fed by a producer running beside the consumer: the engine pushes events while it works
 * and awaits a turn of the event loop between chunks, so a UI reading the events stays responsive.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiting: ((error: unknown) => void) | undefined;
  private ended = false;
  private error: { value: unknown } | undefined;
  private started = false;
  /** Set when the consumer stopped reading (break out of `for await`): the producer should stop. */
  closed = false;

  /** `produce` starts on the first read, so an iterable nobody reads does no work. */
  constructor(private readonly produce: (channel: EventChannel<T>) => Promise<void>) {}

  push(event: T): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      this.failWaiting = undefined;
      waiting({ value: event, done: false });
    } else this.queue.push(event);
  }

  end(): void {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    this.failWaiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    const fail = this.failWaiting;
    this.waiting = undefined;
    this.failWaiting = undefined;
    if (fail) fail(error);
    else this.error = { value: error };
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (!this.started) {
      this.started = true;
      this.produce(this).then(
        () => this.end(),
        (e: unknown) => this.fail(e),
      );
    }
    return {
      next: () => {
        const next = this.queue.shift();
        if (next !== undefined) return Promise.resolve({ value: next, done: false });
        if (this.error) {
          const { value } = this.error;
          this.error = undefined;
          return Promise.reject(value instanceof Error ? value : new Error(String(value)));
        }
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          this.waiting = resolve;
          this.failWaiting = reject;
        });
      },
      return: () => {
        this.closed = true;
        this.queue.length = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}

/**
 * Resolves after the event loop had a turn, so rendering and input run: `setImmediate` where the host has
 * it (Node, Electron's main process), a MessageChannel message in browsers (setTimeout would cost at least
 * a millisecond per file), else a timer. Looked up when called: nothing is touched at import.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const host = globalThis as {
      setImmediate?: (callback: () => void) => unknown;
      MessageChannel?: typeof MessageChannel;
    };
    if (typeof host.setImmediate === 'function') host.setImmediate(resolve);
    else if (typeof host.MessageChannel === 'function') {
      const channel = new host.MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else if (typeof setTimeout === 'function') setTimeout(resolve, 0);
    else void Promise.resolve().then(resolve);
  });
}
