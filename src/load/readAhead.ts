/**
 * Batches of a source pulled ahead of the consumer, up to `limit` items. A load reads its input on
 * the same thread that ingests the documents and then waits for the store: pulled only when asked
 * for, the input would be read only while the thread could be ingesting, never while it waits.
 * (n3's stream parser read ahead the same way, in its 'data' events.) Memory holds at most `limit`
 * items and one batch more.
 *
 * The source's error comes after the batches before it, as it came. When the consumer stops early,
 * the source is told to stop (`return`) once its pending batch is in, without waiting for that here:
 * the caller may be the one that must end the input first.
 */
export async function* readAhead<T>(source: AsyncGenerator<T[]>, limit: number): AsyncGenerator<T[]> {
  const ready: T[][] = [];
  let held = 0; // items in `ready`
  let finished = false;
  let stopped = false;
  let failure: { error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  const wake = (which: 'consumer' | 'producer'): void => {
    const w = which === 'consumer' ? wakeConsumer : wakeProducer;
    if (which === 'consumer') wakeConsumer = undefined;
    else wakeProducer = undefined;
    w?.();
  };

  const pump = async (): Promise<void> => {
    try {
      while (!stopped) {
        if (held >= limit) {
          await new Promise<void>((resolve) => {
            wakeProducer = resolve;
          });
          continue;
        }
        const next = await source.next();
        if (next.done) break;
        ready.push(next.value);
        held += next.value.length;
        wake('consumer');
      }
      if (stopped) await source.return(undefined);
    } catch (error) {
      failure = { error };
    }
    finished = true;
    wake('consumer');
  };
  void pump();

  try {
    for (;;) {
      const batch = ready.shift();
      if (batch !== undefined) {
        held -= batch.length;
        wake('producer');
        yield batch;
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => {
        wakeConsumer = resolve;
      });
    }
    if (failure) throw failure.error;
  } finally {
    stopped = true;
    wake('producer');
  }
}
