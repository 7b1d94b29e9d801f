#!/usr/bin/env node
// Runs TronWeb's own integration suite (tronprotocol/tronweb, `test/lib/**/*.test.ts`, mocha) against
// `npm run node -- --profile tre`, the way TronWeb's maintainers run it against TRE: the suite's
// config reads the node at http://127.0.0.1:$HOST_PORT with $PRIVATE_KEY (TRE's Zion, key 0x…01),
// `newAccounts 100` asks /admin/temporary-accounts-generation for its test accounts, then mocha runs.
//
// The suite is not in the tronweb npm package, so it needs a checkout of tronweb at the tag of the
// pinned version with its own dev dependencies installed:
//   git clone --branch v<version> https://github.com/tronprotocol/tronweb && (cd tronweb && npm ci)
// A checkout of another version runs with a warning naming both versions: the figures are that version's.
// Usage: npm run test:tronweb -- --tronweb DIR [--file NAME]... [--whole] [--grep PATTERN] [--port N]
// Not part of `npm test`: it takes many minutes and needs that checkout.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** TRE's reserve account Zion; TronWeb's test config names it ADDRESS_BASE58 (TMVQGm1…). */
const ZION_KEY = '0000000000000000000000000000000000000000000000000000000000000001';
const TEST_ACCOUNTS = 100;

const SYNOPSIS = 'npm run test:tronweb -- --tronweb DIR [--file NAME]... [--whole] [--grep PATTERN] [--port N]';

export const USAGE = `Usage: ${SYNOPSIS}

  --tronweb DIR    a checkout of tronprotocol/tronweb at the tag of the pinned TronWeb, with its dev
                   dependencies installed (\`npm ci\`); the suite is not in the npm package. Another
                   version's checkout runs with a warning naming both versions
  --file NAME      only this file of test/lib, named without .test.ts (trx, contract/method);
                   repeat it for several (default: every file). Files run in TronWeb's order
  --whole          every file TronWeb's \`npm test\` runs: test/index and test/utils besides test/lib
  --grep PATTERN   only the tests whose title matches (mocha --grep)
  --port N         the node's port (default 9090, TronWeb's test config default)

After mocha's summary it prints passing, failing and pending tests for each file.
`;

export class UsageError extends Error {}

/** The pinned TronWeb version (package.json devDependencies). */
export function pinnedTronWebVersion(rootDir = root) {
  const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
  return pkg.devDependencies.tronweb;
}

/**
 * The suite's files in the order TronWeb's `npm test` runs them: mocha expands its glob of every
 * .test.js under lib/commonjs/test and sorts the paths with an English locale compare (mocha's
 * lib/cli/lookup-files.js), so test/lib's files run contract/index, contract/method, event, plugin,
 * transactionBuilder, trx.
 */
export function tronWebOrder(names) {
  return [...new Set(names)].sort((a, b) => `${a}.test.js`.localeCompare(`${b}.test.js`, 'en'));
}

/** Every test file under the checkout's test/FOLDER, named without .test.ts, in TronWeb's order. */
export function suiteFiles(dir, folder = 'lib') {
  const lib = join(dir, 'test', folder);
  if (!existsSync(lib)) return [];
  const names = readdirSync(lib, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => path.slice(0, -'.test.ts'.length));
  return tronWebOrder(names);
}

/** Orders two x.y.z versions: negative when a is older than b. */
function compareVersions(a, b) {
  const pa = String(a).split('.').map(Number);
  const pb = String(b).split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] || 0) !== (pb[i] || 0)) return (pa[i] || 0) - (pb[i] || 0);
  return 0;
}

/** What to say when the checkout is not the pinned version: it runs, and the reader knows which one ran. */
export function versionWarning(checkout, pinned) {
  if (checkout === pinned) return undefined;
  const order = compareVersions(checkout, pinned);
  const relation = order < 0 ? 'older than' : order > 0 ? 'newer than' : 'not';
  return (
    `the checkout is tronweb ${checkout}, ${relation} the pinned ${pinned}: ` +
    `the suite builds and tests tronweb ${checkout}'s own source, so its figures are for tronweb ${checkout}`
  );
}

/** The options, or a UsageError saying what is missing. */
export function parseOptions(args, rootDir = root) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        tronweb: { type: 'string' },
        file: { type: 'string', multiple: true },
        whole: { type: 'boolean' },
        grep: { type: 'string' },
        port: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  const version = pinnedTronWebVersion(rootDir);
  const clone = `git clone --branch v${version} https://github.com/tronprotocol/tronweb && (cd tronweb && npm ci)`;
  if (!values.tronweb) throw new UsageError(`--tronweb DIR is required: a checkout made with\n  ${clone}`);
  const dir = resolve(values.tronweb);
  const pkgPath = join(dir, 'package.json');
  if (!existsSync(pkgPath))
    throw new UsageError(`${dir} is not a checkout of tronweb (no package.json). Make one with\n  ${clone}`);
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  if (pkg.name !== 'tronweb') throw new UsageError(`${dir} holds ${pkg.name}, not tronweb.`);
  if (!existsSync(join(dir, 'node_modules', '.bin', 'mocha')))
    throw new UsageError(`${dir} has no dev dependencies: run \`npm ci\` in it.`);
  if (values.whole && values.file) throw new UsageError('--whole runs every file of test: leave out --file.');
  for (const name of values.file ?? []) {
    if (!existsSync(join(dir, 'test', 'lib', `${name}.test.ts`)))
      throw new UsageError(`--file ${name}: ${dir} has no test/lib/${name}.test.ts.`);
  }
  if (values.port !== undefined && !/^\d+$/.test(values.port))
    throw new UsageError(`--port expects a whole number, got "${values.port}".`);
  return {
    dir,
    // Mocha's paths are under lib/commonjs/test/FOLDER, and the per-file table names files from there.
    folder: values.whole ? '' : 'lib',
    files: values.whole ? suiteFiles(dir, '') : values.file ? tronWebOrder(values.file) : suiteFiles(dir),
    grep: values.grep,
    port: values.port === undefined ? 9090 : Number(values.port),
    // The suite tests the library version it ships with; another one is reported, not refused.
    versionNote: versionWarning(pkg.version, version),
  };
}

/** The newest modification time under a folder (0 when it is missing). */
function newestChange(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Whether the suite's compiled tests are older than its sources. `build:test` writes
 * lib/commonjs/package.json last, so its time is the build's.
 */
export function needsBuild(dir) {
  const built = join(dir, 'lib', 'commonjs', 'package.json');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return newestChange(join(dir, 'test')) > builtAt || newestChange(join(dir, 'src')) > builtAt;
}

function run(command, args, options) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function startNode(port) {
  const node = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'src-main/node/cli.ts'), '--profile', 'tre', '--port', String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  await new Promise((ready, reject) => {
    node.stdout.on('data', (chunk) => {
      out += chunk.toString();
      if (/listening on/.test(out) && out.includes('(9) T')) ready();
    });
    node.once('exit', (code) => reject(new Error(`the node exited with ${code}:\n${out}`)));
  });
  process.stderr.write(out.split('\n').slice(0, 4).join('\n') + '\n');
  return node;
}

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.versionNote) process.stderr.write(`Warning: ${options.versionNote}.\n`);
  const node = await startNode(options.port);
  const env = { ...process.env, HOST_PORT: String(options.port), PRIVATE_KEY: ZION_KEY };
  const inSuite = { cwd: options.dir, env };
  let code;
  try {
    // TronWeb's `npm test` without its network-bound steps: build the tests, point them at node.js, make accounts.
    code = needsBuild(options.dir) ? await run('npm', ['run', 'build:test'], inSuite) : 0;
    if (code === 0) code = await run(process.execPath, ['scripts/test-node.js'], inSuite);
    if (code === 0)
      code = await run(process.execPath, ['lib/commonjs/test/helpers/newAccounts', String(TEST_ACCOUNTS)], inSuite);
    if (code === 0) {
      const folder = join('lib', 'commonjs', 'test', options.folder);
      const mocha = [
        ...options.files.map((name) => join(folder, `${name}.test.js`)),
        '--timeout',
        '120000',
        '--reporter',
        join(root, 'scripts', 'test-tronweb-reporter.cjs'),
        '--reporter-option',
        `root=${folder}`,
      ];
      if (options.grep) mocha.push('--grep', options.grep);
      code = await run(join(options.dir, 'node_modules', '.bin', 'mocha'), mocha, inSuite);
    }
  } finally {
    const exited = new Promise((done) => node.once('exit', done));
    node.kill('SIGTERM');
    await exited;
  }
  process.exit(code);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
