import type { Watchtower } from './scanner';
import type { NumberedEvent } from './types';

/**
 * Hands the outbox's events to one consumer in order, one at a time, and acks each once the
 * consumer has taken it. `wake()` after new events; `drain()` resolves when nothing is left.
 * Delivery is at least once: an event taken just before a crash, and not yet acked, is handed
 * over again after the restart (with the same seq and alert id).
 */
export class OutboxPump {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly tower: Watchtower,
    private readonly consumer: string,
    private readonly take: (event: NumberedEvent) => Promise<void>,
  ) {}

  wake(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pump().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async drain(): Promise<void> {
    await this.wake();
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      for (const event of this.tower.eventsFor(this.consumer)) {
        await this.take(event);
        await this.tower.ack(this.consumer, event.seq);
      }
    } while (this.again);
  }
}
