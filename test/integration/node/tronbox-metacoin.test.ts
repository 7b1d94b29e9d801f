import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

/**
 * TronBox (the pinned dev dependency) runs its own MetaCoin sample project against
 * `npm run node -- --profile tre`, as a TronBox user runs it against TRE: `tronbox compile`,
 * `tronbox migrate`, then `tronbox test` with the sample's six tests. The project is the copy
 * TronBox ships in its package (`sample-projects/javascript-metacoin`), so it is the sample of the
 * pinned version; only its `tronbox-config.js` is replaced, to point `development` at this node.
 *
 * No compiler is downloaded: TronBox loads `~/.tronbox/solc/soljson_v<version>.js` when it exists,
 * so the test gives it a HOME whose file is solc-js 0.8.29 from npm (`solc-tronbox`, the newest
 * version TronBox 4.10.0 accepts for TRON). The sample's Solidity imports (@openzeppelin/contracts)
 * and test helpers (picocolors) come from the repository's node_modules.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const tronboxPackage = dirname(require.resolve('tronbox/package.json'));
const tronbox = join(tronboxPackage, 'build', 'tronbox.js');
const sample = join(tronboxPackage, 'sample-projects', 'javascript-metacoin');
const soljson = join(dirname(require.resolve('solc-tronbox/package.json')), 'soljson.js');
const SOLC_VERSION = '0.8.29';

/** The sample's own config, reduced to its `development` network (TRE's), pointed at this node. */
const config = (fullHost: string): string => `module.exports = {
  networks: {
    development: {
      // Replaced by the first key of /admin/accounts-json, as TronBox does on a local node.
      privateKey: '0000000000000000000000000000000000000000000000000000000000000001',
      userFeePercentage: 0,
      feeLimit: 1000 * 1e6,
      fullHost: '${fullHost}',
      network_id: '9',
    },
  },
  compilers: { solc: { version: '${SOLC_VERSION}' } },
};
`;

interface Run {
  readonly code: number | null;
  readonly output: string;
}

describe('TronBox 4.10.0 with its MetaCoin sample against npm run node -- --profile tre', () => {
  let node: ChildProcess;
  let url: string;
  let work: string;
  let project: string;
  let home: string;

  function tronboxRun(...args: string[]): Promise<Run> {
    return new Promise((done) => {
      execFile(
        process.execPath,
        [tronbox, ...args],
        { cwd: project, env: { ...process.env, HOME: home, FORCE_COLOR: '0' }, timeout: 240_000 },
        (error, stdout, stderr) =>
          done({ code: error ? ((error.code as number | undefined) ?? 1) : 0, output: stdout + stderr }),
      );
    });
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'tronbox-metacoin-'));
    project = join(work, 'metacoin');
    home = join(work, 'home');
    await cp(sample, project, { recursive: true });
    await symlink(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
    await mkdir(join(home, '.tronbox', 'solc'), { recursive: true });
    await symlink(soljson, join(home, '.tronbox', 'solc', `soljson_v${SOLC_VERSION}.js`));

    node = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'src-main/node/cli.ts'), '--profile', 'tre', '--port', '0'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    url = await new Promise<string>((ready, reject) => {
      const timer = setTimeout(() => reject(new Error(`the node did not start: ${stdout}`)), 60_000);
      node.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // The listing ends with the last funded account.
        const listening = /listening on (\S+)/.exec(stdout);
        if (listening && stdout.includes('(9) T')) {
          clearTimeout(timer);
          ready(listening[1]!);
        }
      });
      node.once('exit', (code) => reject(new Error(`the node exited with ${code}: ${stdout}`)));
    });
    await writeFile(join(project, 'tronbox-config.js'), config(url));
  });

  afterAll(async () => {
    if (node && node.exitCode === null) {
      const exited = new Promise((done) => node.once('exit', done));
      node.kill('SIGTERM');
      await exited;
    }
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('compiles the sample with solc-js from npm, without downloading a compiler', async () => {
    const run = await tronboxRun('compile');
    expect(run.output).not.toContain('Fetching');
    expect(run.output).toContain('Compiling ./contracts/MetaCoin.sol...');
    expect(run.output).toMatch(/Compiled successfully using:\s+- solc: 0\.8\.29/);
    expect(run.code).toBe(0);
  });

  it('migrates all three contracts onto the node, where their code is stored', async () => {
    const run = await tronboxRun('migrate');
    expect(run.code).toBe(0);
    for (const name of ['Migrations', 'ConvertLib', 'MetaCoin']) {
      const artifact = JSON.parse(await readFile(join(project, 'build', 'contracts', `${name}.json`), 'utf8')) as {
        networks: Record<string, { address: string }>;
        deployedBytecode: string;
      };
      const address = artifact.networks['9']!.address;
      expect(run.output).toContain(`(hex) ${address}`);
      const contract = (await (
        await fetch(`${url}/wallet/getcontract`, { method: 'POST', body: JSON.stringify({ value: address }) })
      ).json()) as { bytecode?: string };
      expect(contract.bytecode).toBeTruthy();
    }
  });

  it('passes all six of the sample’s tests with the accounts of /admin/accounts-json', async () => {
    // `tronbox test` deploys the same contracts again, and TronWeb stamps a transaction with the
    // head block's time: in the block `migrate` used, that is the same transaction, which java-tron
    // (and this node) refuses as DUP_TRANSACTION_ERROR. So the run starts on a later block.
    const head = async () =>
      ((await (await fetch(`${url}/wallet/getnowblock`)).json()) as { block_header: { raw_data: { number: number } } })
        .block_header.raw_data.number;
    const migratedAt = await head();
    await expect.poll(head, { timeout: 30_000, interval: 250 }).toBeGreaterThan(migratedAt);
    const run = await tronboxRun('test');
    expect(run.output).toContain('should verify that there are at least two available accounts');
    expect(run.output).toContain('should allow owner to withdraw TRX after unlock time');
    expect(run.output).toMatch(/\b6 passing\b/);
    expect(run.output).not.toMatch(/\bfailing\b/);
    expect(run.code).toBe(0);
  });
});
