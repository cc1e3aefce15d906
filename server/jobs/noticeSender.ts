import { isGroupChannel } from '../../common/constants';
import { quietUntil } from '../../common/quietHours';
import type { Db } from '../db/client';
import { channelConfigs, deliver, sendContext } from '../services/channels/channels';
import { type ClaimedMessage, claimDue, settleCancelled, settleFailed, settleHeld, settleSent } from '../services/channels/outbox';

// The sender of the outbox (ADR 0068). Every server process runs one (unless NOTICE_SENDER=0); they
// share the work through the database: each round claims a few due rows (FOR UPDATE SKIP LOCKED,
// so no row is taken twice), sends them at once, settles each and goes on while there are more.

/** Looks for due messages this often: a message goes out within seconds of its event. */
export const SENDER_POLL_MS = 2000;
/** Rows per round: sent at the same time. */
const ROUND = 5;

interface SenderOptions {
  /** The clock, in ms (tests drive it). */
  now?: () => number;
  log?: { warn(details: object, message: string): void };
  pollMs?: number;
}

export class NoticeSender {
  private readonly now: () => number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private started = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: SenderOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Sends what is due now and looks again every few seconds. */
  start(): void {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? SENDER_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** One pass over what is due, unless one is under way (then another follows it); nothing before start. */
  kick(): void {
    if (this.closed || !this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((err) => this.options.log?.warn({ err }, 'notice sender: round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops looking and waits for the sends under way (their rows are settled either way). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Rounds until nothing is due; answers how many messages it settled. */
  async drain(): Promise<number> {
    let total = 0;
    while (!this.closed) {
      const settled = await this.round();
      total += settled;
      if (settled < ROUND) break;
    }
    return total;
  }

  /** Claims up to one round of due messages and settles each; answers how many. */
  async round(): Promise<number> {
    const now = this.now();
    const messages = await claimDue(this.db, now, ROUND);
    if (!messages.length) return 0;
    const [channels, context] = await Promise.all([
      channelConfigs(
        this.db,
        messages.map((m) => m.channelId),
      ),
      sendContext(this.db, now),
    ]);
    await Promise.all(
      messages.map((message) =>
        this.sendOne(message, channels, context).catch((err) => {
          // The row keeps its claim until the lease lapses, then another round tries it.
          this.options.log?.warn({ err, outboxId: message.id }, 'notice sender: message not settled');
        }),
      ),
    );
    return messages.length;
  }

  private async sendOne(
    message: ClaimedMessage,
    channels: Awaited<ReturnType<typeof channelConfigs>>,
    context: Awaited<ReturnType<typeof sendContext>>,
  ): Promise<void> {
    const channel = channels.get(message.channelId);
    if (!channel || !channel.enabled) return settleCancelled(this.db, message, context.now, '通道已停用');
    if (isGroupChannel(channel.kind)) {
      const quiet = channel.quietStart !== null && channel.quietEnd !== null ? { start: channel.quietStart, end: channel.quietEnd } : null;
      const until = quietUntil(context.now, quiet);
      if (until !== null) return settleHeld(this.db, message, until);
    }
    const error = await deliver(channel, message, context);
    // The clock after the send: a try that took long is settled at its end.
    const now = Math.max(this.now(), context.now);
    if (error) return settleFailed(this.db, message, now, error);
    return settleSent(this.db, message, now);
  }
}
