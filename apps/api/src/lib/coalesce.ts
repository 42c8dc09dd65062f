import DataLoader from 'dataloader';

/**
 * Reads by key that arrive while earlier ones are on their way go to the database together (DataLoader, its cache
 * off): at most `inFlight` statements at a time, each for every key that waited, up to `max`. A lone read goes at once
 * (in the next turn of the event loop); a burst of a thousand becomes a few dozen statements instead of a thousand
 * round trips queueing for the pool. Every statement starts after each of its keys was asked for, so a read still
 * sees whatever committed before it was asked.
 *
 * `load` answers the rows found, in any order; `keyOf` names a row's key. A key without a row answers undefined.
 */
export function coalescedReads<K, V>(
  load: (keys: readonly K[]) => Promise<V[]>,
  keyOf: (row: V) => K,
  opts: { max?: number; inFlight?: number } = {},
): (key: K) => Promise<V | undefined> {
  const inFlight = opts.inFlight ?? 2;
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= inFlight) return;
    const dispatch = waiting.shift();
    if (dispatch) {
      running++;
      dispatch();
    }
  };
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      try {
        const rows = await load(keys);
        const byKey = new Map(rows.map((r) => [keyOf(r), r]));
        return keys.map((k) => byKey.get(k));
      } finally {
        running--;
        setImmediate(next);
      }
    },
    {
      cache: false,
      maxBatchSize: opts.max ?? 256,
      // A batch is sent when a slot is free: until then it gathers every key asked for meanwhile.
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        setImmediate(next);
      },
    },
  );
  return (key) => loader.load(key);
}
