export {};
// `npm run bench -- <suite…>`: runs the named suites (all but scale when none is named).
const available = [
  'core',
  'node',
  'ipc',
  'vm',
  'vault',
  'watch',
  'renderer',
  'fork',
  'scale',
  'hardening',
  'payouts',
] as const;
/** `scale` builds a chain of a million transfers: it runs only when named. */
const byDefault = available.filter((name) => name !== 'scale');

const usage = `Usage: npm run bench -- [suite…] [options]

Runs the named suites, or every suite but scale when none is named. Each measures against a
reference taken in the same run and prints a table with its targets.

Suites:
  core      the protocol library (transactions, ABI) against TronWeb
  node      transfers accepted and packed per second over HTTP, against signature recovery, from a
            client thread and from a TronWeb client in its own process (wall and CPU)
  ipc       a main-thread request's p99 while the node packs blocks, in process vs worker thread
  vm        TRC-20 transfers in process against bare @ethereumjs/evm, and over HTTP
  vault     one vault unlock (scrypt) against node:crypto doing the same work
  watch     the watchtower's catch-up blocks per second over HTTP
  renderer  the built window's start-up JS and first usable screen in Chromium
  fork      a fork's cold-state cost: upstream requests and time of its first transfers
  hardening getnowblock's latency while 4 requests carry 28,000 signatures each, against no load
  payouts   a 500-row payout run (250 TRX, 250 TRC-20) from a 2-of-3 treasury on a dev node: the plan
            (target 10 s), each of two vault keys signing it after approval against bare secp256k1
            (target 2 s), and its broadcast to every row solidified
  scale     a 200,000-account, 1,000,000-transfer chain: size, restart, RSS, read latency (only when named)

Options:
  --help                                 this text
  --profile                              vm, scale: print the node's top functions
  --part=plan|frames|cosign|broadcast    payouts: measure only these parts (repeatable or comma-separated)
  --accounts=N --transfers=N --per-block=N  scale: the chain to build
  --keep=DIR                             scale: leave the built chain in DIR
  --reuse=DIR                            scale: measure the chain in DIR again without building it`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(usage);
  process.exit(0);
}

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const suites = requested.length > 0 ? requested : byDefault;

let failed = false;
for (const name of suites) {
  if (!(available as readonly string[]).includes(name)) {
    console.error(`Unknown bench suite "${name}". Available: ${available.join(', ')} (npm run bench -- --help).`);
    process.exit(2);
  }
  const suite = (await import(`./suites/${name}.ts`)) as { run: () => Promise<boolean> };
  const met = await suite.run();
  if (!met) failed = true;
}
if (failed) {
  console.log('\nSome targets were not met (see the tables above).');
  process.exitCode = 1;
}
