/**
 * A process's derived data (name index, thumbnails, render cache) kept in step with writes other
 * processes make to the same store, from the store's own change feed: the feed is the
 * replication log. Every `intervalMs` the follower reads the activities numbered past the last it
 * applied (one query: nothing new, no rows) and has the DocumentService tell its observers the
 * changed documents as the store holds them now (DocumentService.followed). Reading the current
 * graphs, not the activity's version, is what makes it safe to apply an activity twice or late:
 * a later write has a later activity, which the next step reads.
 *
 * This process's own writes come back through the feed too: their activity numbers are known
 * from the write (ChangeFeed.onCommitted) and passed over, as the write told the observers
 * already (one the follower reads before its write has returned is applied again: harmless, the
 * observers replace what they hold). An activity number missing while later ones exist (a
 * write still in flight, or one lost by racing writers) is waited for, then passed over.
 */
import {
  activitiesFrom,
  activitiesQuery,
  activityGraphOf,
  activityRowQuads,
  type Activity,
} from '../feed/activityGraph.js';
import type { DocumentService } from '../service/DocumentService.js';

export interface FollowOptions {
  /** How often the feed is read (milliseconds): a write elsewhere is applied here within about this plus one read. */
  readonly intervalMs: number;
  /** Activities read per query. */
  readonly batch?: number;
  /** How long a missing activity number is waited for before it is passed over (milliseconds). */
  readonly gapWaitMs?: number;
  /** Told of a step that failed (the store unreachable); the next step tries again. */
  readonly onError?: (error: Error) => void;
  /** Told of an activity number passed over. */
  readonly onGap?: (seq: number) => void;
  /** Run after activities are applied (the store's text index of names made current: --name-index store). */
  readonly afterApply?: () => Promise<void>;
}

/** What /ready says of the follower. */
export interface FollowStatus {
  /** The newest activity applied here. */
  readonly applied: number;
  /** Whether the feed has been read to its end since this process began following it. */
  readonly caughtUp: boolean;
  /** Milliseconds since the feed was last read to its end: at most this much of others' writes may be missing here. */
  readonly lagMs: number | null;
  /** The last step's failure, until a step succeeds. */
  readonly error?: string;
}

/** How far this process's derived data are behind the store's feed (/metrics). */
export interface FeedLag {
  /** Activities in the store's feed not yet applied here (this process's own writes count as applied). */
  readonly activities: number;
  /** How old the oldest of them is (0 when none): the feed's times are to the second, and the writer's clock. */
  readonly seconds: number;
  /** Activities passed over since start as this process's own writes (their observers were told at the write). */
  readonly ownSkipped: number;
}

const BATCH = 200;
/**
 * Activities the first read of a step asks for: a step mostly finds none or a few (other
 * processes' writes since the last), and a read of 200 graph names cost Virtuoso some 75 ms
 * under four writing processes, its largest share of their reads. A full window: the next read
 * asks for a whole batch.
 */
const FIRST_WINDOW = 16;
const GAP_WAIT_MS = 10_000;

export class FeedFollower {
  private applied = 0;
  private endReadAt: number | undefined;
  private gapSince: number | undefined;
  private error: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stepping: Promise<void> | undefined;
  private readonly waiting: Array<() => void> = [];
  /** Activity numbers this process's own writes stored past `applied` (first, last), oldest first. */
  private own: Array<[number, number]> = [];
  /** Activities passed over as this process's own, since start. */
  private ownSkipped = 0;

  constructor(
    private readonly documents: DocumentService,
    private readonly options: FollowOptions,
  ) {
    if (!Number.isInteger(options.intervalMs) || options.intervalMs < 1)
      throw new RangeError(
        `the feed is read every ${options.intervalMs} ms: give a whole number of milliseconds, at least 1`,
      );
  }

  /**
   * Start from the feed's end as the store has it now. Call before the derived data are read
   * from the store: the activities written between the two are then applied once more, never missed.
   */
  async begin(): Promise<void> {
    this.documents.feed.onCommitted((first, last) => this.own.push([first, last]));
    this.applied = await this.documents.feed.length();
  }

  /** Read the feed every intervalMs from now on (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    const tick = (): void => {
      this.timer = setTimeout(() => void this.step().finally(() => this.timer && tick()), this.options.intervalMs);
      this.timer.unref();
    };
    tick();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Resolves once the feed has been read to its end (at once if it has been). */
  caughtUp(): Promise<void> {
    if (this.endReadAt !== undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  status(now = Date.now()): FollowStatus {
    return {
      applied: this.applied,
      caughtUp: this.endReadAt !== undefined,
      lagMs: this.endReadAt === undefined ? null : now - this.endReadAt,
      ...(this.error !== undefined ? { error: this.error } : {}),
    };
  }

  /** How far behind the store's feed this process is now: the feed's length read from the store, and its oldest activity not applied. */
  async lag(now = Date.now()): Promise<FeedLag> {
    const length = await this.documents.feed.lengthInStore(this.applied);
    let oldest: number | undefined;
    let activities = 0;
    for (let seq = this.applied + 1; seq <= length; seq++) {
      if (this.isOwn(seq)) continue;
      oldest ??= seq;
      activities++;
    }
    if (oldest === undefined) return { activities: 0, seconds: 0, ownSkipped: this.ownSkipped };
    const [activity] = await this.activitiesAfter(oldest - 1, 1);
    // A number still missing (a write in flight): at most the time since the feed was last read to its end.
    const since = activity?.seq === oldest ? Date.parse(activity.endTime) : (this.endReadAt ?? now);
    return { activities, seconds: Math.max(0, (now - since) / 1000), ownSkipped: this.ownSkipped };
  }

  /** Read and apply every activity past the last applied, to the feed's end (one step at a time). */
  step(): Promise<void> {
    this.stepping ??= this.readToEnd().finally(() => (this.stepping = undefined));
    return this.stepping;
  }

  private async readToEnd(): Promise<void> {
    const began = Date.now();
    try {
      const batch = this.options.batch ?? BATCH;
      let more = await this.readBatch(Math.min(FIRST_WINDOW, batch));
      while (more) more = await this.readBatch(batch);
      this.error = undefined;
      this.endReadAt = began;
      for (const resolve of this.waiting.splice(0)) resolve();
    } catch (e) {
      this.error = (e as Error).message;
      this.options.onError?.(e as Error);
    }
  }

  /**
   * One query's worth (`count`) of activities applied; false at the feed's end (a window not
   * full, with nothing past what was applied: no query more to learn it) or at a gap still waited for.
   */
  private async readBatch(count: number): Promise<boolean> {
    const found = await this.activitiesAfter(this.applied, count);
    const next: Activity[] = [];
    for (const activity of found) {
      if (activity.seq !== this.applied + next.length + 1) break;
      next.push(activity);
    }
    if (next.length === 0) return found.length > 0 && this.passGap(found[0].seq);
    this.gapSince = undefined;
    const others = next.filter((a) => !this.isOwn(a.seq));
    this.ownSkipped += next.length - others.length;
    if (others.length > 0) await this.documents.followed([...new Set(others.map((a) => a.object))]);
    await this.options.afterApply?.();
    this.appliedTo(next[next.length - 1].seq);
    // A gap past what was applied is read again at once, as the step's first read (waited for, or passed over).
    return next.length === count || found.length > next.length;
  }

  /** Whether activity `seq` is one of this process's own writes (its observers were told at the write). */
  private isOwn(seq: number): boolean {
    return this.own.some(([first, last]) => first <= seq && seq <= last);
  }

  /** Everything up to `seq` is applied: own writes numbered up to it need no remembering. */
  private appliedTo(seq: number): void {
    this.applied = seq;
    this.own = this.own.filter(([, last]) => last > seq);
  }

  /** Activities numbered after `applied` exist but not the next: wait for it a while, then pass over it. */
  private passGap(firstFound: number): boolean {
    const now = Date.now();
    this.gapSince ??= now;
    if (now - this.gapSince < (this.options.gapWaitMs ?? GAP_WAIT_MS)) return false;
    for (let seq = this.applied + 1; seq < firstFound; seq++) this.options.onGap?.(seq);
    this.appliedTo(firstFound - 1);
    this.gapSince = undefined;
    return true;
  }

  private async activitiesAfter(applied: number, count: number): Promise<Activity[]> {
    const names = Array.from({ length: count }, (_, i) => activityGraphOf(applied + 1 + i));
    const result = await this.documents.store.query(activitiesQuery(names));
    if (result.kind !== 'bindings') throw new Error(`reading the change feed got a ${result.kind} answer`);
    return activitiesFrom(result.rows.flatMap(activityRowQuads));
  }
}
