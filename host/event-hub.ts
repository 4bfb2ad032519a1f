import type { AppEvent } from './bridge-api.ts';

/** Fan-out of host events to every connected renderer (IPC windows, SSE streams). */
export class EventHub {
  private readonly listeners = new Set<(event: AppEvent) => void>();

  emit = (event: AppEvent): void => {
    for (const listener of this.listeners) listener(event);
  };

  subscribe(listener: (event: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
