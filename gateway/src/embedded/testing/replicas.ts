/**
 * Several instances of one service for the embedded stack, as several processes would be: each
 * its own Koa app, its own knex pool to the same database and its own background tasks (job
 * workers, LISTEN connections). Requests alternate between the running ones, as nginx's
 * round-robin upstream does; a test pins one with the `x-test-replica` header (its index), to
 * write through one replica and read through the other.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, ServiceApp } from '@cc/service-kit';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The header a test sets to send a request to one replica (0, 1, …) rather than the next. */
export const REPLICA_HEADER = 'x-test-replica';

export interface Replica {
  app: ServiceApp;
  db: Db;
  /** Closes what this instance alone holds (its pool), after its app stopped; shared ones stay. */
  closeDb(): Promise<void>;
}

export class ReplicaSet {
  private readonly running: (Replica | undefined)[] = [];
  private readonly handlers: (Handler | undefined)[] = [];
  /** Each instance's answers under way: a stopped process takes its connections with it. */
  private readonly inFlight: Set<ServerResponse>[] = [];
  private next = 0;

  constructor(private readonly start: () => Promise<Replica>) {}

  /** Starts instance `index` (migrations, then background tasks) and puts it in the rotation. */
  async up(index: number): Promise<Replica> {
    if (this.running[index]) throw new Error(`replica ${index} is running`);
    const replica = await this.start();
    await replica.app.ready();
    const callback = replica.app.app.callback();
    const inFlight = (this.inFlight[index] = new Set());
    this.running[index] = replica;
    this.handlers[index] = (req, res) => {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
      void callback(req, res);
    };
    return replica;
  }

  /**
   * Takes instance `index` out of the rotation and ends it as a killed process ends: its answers
   * under way are cut, its background tasks stopped and its pool closed.
   */
  async down(index: number): Promise<void> {
    const replica = this.running[index];
    if (!replica) return;
    this.running[index] = undefined;
    this.handlers[index] = undefined;
    for (const res of this.inFlight[index] ?? []) res.destroy();
    await replica.app.stop();
    await replica.closeDb();
  }

  replica(index: number): Replica {
    const replica = this.running[index];
    if (!replica) throw new Error(`replica ${index} is not running`);
    return replica;
  }

  get size(): number {
    return this.running.length;
  }

  /** The handler the gateway calls: the pinned replica, else the next running one. */
  readonly handle: Handler = (req, res) => {
    const pinned = req.headers[REPLICA_HEADER];
    const handler = typeof pinned === 'string' ? this.handlers[Number(pinned)] : this.pick();
    if (!handler) {
      res.statusCode = 503;
      res.setHeader('content-type', 'application/json');
      res.end('{"success":false,"errors":["No replica of this service is running."]}');
      return;
    }
    handler(req, res);
  };

  private pick(): Handler | undefined {
    for (let tried = 0; tried < this.handlers.length; tried += 1) {
      const handler = this.handlers[this.next++ % this.handlers.length];
      if (handler) return handler;
    }
    return undefined;
  }

  async close(): Promise<void> {
    await Promise.all(this.running.map((_, i) => this.down(i)));
  }
}
