import { bytesUr, UrEncoder } from '@core/ur/ur';

/**
 * `count` parts of one `bytes` UR, all fountain mixtures (none a plain fragment), each well within
 * a QR code: the set that costs a reader the most peeling per part.
 */
export function mixedUrParts(count: number, fragmentBytes = 400): string[] {
  const message = Uint8Array.from({ length: (count / 2) * fragmentBytes }, (_, i) => (i * 31 + 7) & 0xff);
  const encoder = new UrEncoder(bytesUr(message), { maxFragmentLen: fragmentBytes + 8 });
  const pure = encoder.seqLen;
  for (let i = 0; i < pure; i++) encoder.nextPart();
  return Array.from({ length: count }, () => encoder.nextPart());
}

/**
 * Runs `work` while a ticker counts turns of the event loop (one `setImmediate` each), and answers
 * how many turns passed before `work` settled: 0 when it held the thread from start to end.
 */
export async function turnsDuring(work: () => Promise<unknown>): Promise<{ turns: number; outcome: unknown }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const outcome = await Promise.resolve()
    .then(work)
    .then(
      (value) => value,
      (error: unknown) => error,
    );
  const counted = turns;
  running = false;
  return { turns: counted, outcome };
}
