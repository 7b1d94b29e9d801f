export {};
// `npm run bench -- <suite…>`: runs the named suites (all but scale when none is named).
const available = ['core', 'node', 'ipc', 'vm', 'vault', 'watch', 'renderer', 'fork', 'scale', 'hardening'] as const;
/** `scale` builds a chain of a million transfers: it runs only when named. */
const byDefault = available.filter((name) => name !== 'scale');

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const suites = requested.length > 0 ? requested : byDefault;

let failed = false;
for (const name of suites) {
  if (!(available as readonly string[]).includes(name)) {
    console.error(`Unknown bench suite "${name}". Available: ${available.join(', ')}.`);
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
