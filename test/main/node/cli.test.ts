import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createNode } from '../../../src-main/node';
import { parseCommandLine } from '../../../src-main/node/cli-options';
import { DEFAULT_MAX_CONSTANT_CALL_MS, resolveConfig } from '../../../src-main/node/config';
import { toBase58Address } from '../../../src-core/address/address';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { newKey } from './helpers';
import { CliUsageError } from '../../../src-main/node/errors';

/** `npm run node`: --help, what it prints at start, and a clean stop on SIGTERM / SIGINT. */
const cli = resolve('src-main/node/cli.ts');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('headless node CLI', () => {
  it('prints its options with --help and refuses unknown flags', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--help']);
    for (const flag of [
      '--port',
      '--jsonrpc-port',
      '--host',
      '--datadir',
      '--block-time-ms',
      '--mnemonic',
      '--accounts',
      '--save-internal-tx',
      '--save-featured-internal-tx',
      '--no-estimate-energy',
      '--no-dev',
      '--refuse-origin',
      '--max-constant-call-ms N',
      '--localwitness KEY',
      '--localWitnessAccountAddress ADDR',
      '--state-cache-mb N',
      'NEVER for real funds',
    ])
      expect(stdout).toContain(flag);
    await expect(promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--bogus'])).rejects.toMatchObject({
      code: 2,
    });
    await expect(
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--chain-parameter', 'getNothing=1']),
    ).rejects.toMatchObject({ code: 2 });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints URL, head and funded accounts, honours --no-estimate-energy, then stops cleanly on %s',
    async (signal) => {
      const datadir = await mkdtemp(join(tmpdir(), 'node-cli-'));
      dirs.push(datadir);
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          cli,
          '--port',
          '0',
          '--datadir',
          datadir,
          '--block-time-ms',
          '0',
          '--accounts',
          '3',
          '--chain-parameter',
          'getEnergyFee=100',
          '--no-estimate-energy',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      await new Promise<void>((ready, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start output: ${stdout}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('(2) T')) {
            clearTimeout(timer);
            ready();
          }
        });
      });
      expect(stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(stdout).toMatch(/JSON-RPC on http:\/\/127\.0\.0\.1:\d+\/jsonrpc/);
      expect(stdout).toMatch(/head block 1 0{15}1[0-9a-f]{48} \(solidified 0\)/);
      expect(stdout).toContain('WARNING: the default development mnemonic is public');
      expect(stdout.match(/\(\d\) T\w{33} {2}41[0-9a-f]{40} {2}1000000 TRX/g)).toHaveLength(3);
      const url = /listening on (\S+)/.exec(stdout)![1]!;
      const params = (await (await fetch(`${url}/wallet/getchainparameters`)).json()) as {
        chainParameter: { key: string; value?: number }[];
      };
      expect(params.chainParameter).toContainEqual({ key: 'getEnergyFee', value: 100 });
      // --no-estimate-energy switches /wallet/estimateenergy off (java-tron's "does not support" answer)
      const owner = /\(0\) T\w{33} {2}(41[0-9a-f]{40})/.exec(stdout)![1]!;
      const estimate = await (
        await fetch(`${url}/wallet/estimateenergy`, {
          method: 'POST',
          body: JSON.stringify({ owner_address: owner, data: '00' }),
        })
      ).json();
      expect(estimate).toEqual({
        result: {
          code: 'CONTRACT_VALIDATE_ERROR',
          message: Buffer.from('this node does not support estimate energy').toString('hex'),
        },
      });
      child.kill(signal);
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      expect(code).toBe(0);
      // The store was closed (LevelDB lock released) and resumes at block 1.
      const node = await createNode({ port: 0, blockTimeMs: 0, datadir, accounts: 3, signatureWorkers: 0 });
      expect(node.head().number).toBe(1);
      await node.stop();
    },
  );

  it('takes --jsonrpc-port N for a JSON-RPC server of its own, a whole number only', () => {
    const parsed = parseCommandLine(['--jsonrpc-port', '8545']);
    expect(parsed.help ? undefined : parsed.input.jsonRpcPort).toBe(8545);
    const unset = parseCommandLine([]);
    expect(unset.help ? undefined : unset.input).not.toHaveProperty('jsonRpcPort');
    expect(() => parseCommandLine(['--jsonrpc-port', 'x'])).toThrow(CliUsageError);
    expect(() => parseCommandLine(['--jsonrpc-port', 'x'])).toThrow('--jsonrpc-port expects a whole number, got "x".');
  });

  it('takes --refuse-origin and --max-constant-call-ms N; without them the defaults stand', () => {
    const parsed = parseCommandLine(['--refuse-origin', '--max-constant-call-ms', '1000']);
    expect(parsed.help ? undefined : parsed.input).toMatchObject({
      refuseBrowserRequests: true,
      maxConstantCallMs: 1000,
    });
    const unset = parseCommandLine([]);
    expect(unset.help ? undefined : unset.input).toMatchObject({ refuseBrowserRequests: false });
    expect(unset.help ? undefined : unset.input).not.toHaveProperty('maxConstantCallMs');
    expect(resolveConfig(unset.help ? {} : unset.input)).toMatchObject({
      refuseBrowserRequests: false,
      maxConstantCallMs: DEFAULT_MAX_CONSTANT_CALL_MS,
      adminApi: true,
    });
    expect(() => parseCommandLine(['--max-constant-call-ms', '1.5'])).toThrow(
      '--max-constant-call-ms expects a whole number, got "1.5".',
    );
  });

  describe('localwitness and localWitnessAccountAddress flags', () => {
    const operator = newKey();
    const witnessKey = newKey();
    const keyHex = bytesToHex(witnessKey.key);
    const inputOf = (args: string[]) => {
      const parsed = parseCommandLine(args);
      if (parsed.help) throw new Error('unexpected --help');
      return parsed.input;
    };

    it("take java-tron's setting names: --localwitness (repeatable) and --localWitnessAccountAddress", () => {
      expect(
        inputOf(['--localwitness', keyHex, '--localWitnessAccountAddress', toBase58Address(operator.hex)]),
      ).toMatchObject({ localWitness: [keyHex], localWitnessAccountAddress: toBase58Address(operator.hex) });
      expect(inputOf(['--localwitness', keyHex, '--localwitness', '11'.repeat(32)]).localWitness).toEqual([
        keyHex,
        '11'.repeat(32),
      ]);
      // Unset flags are left out, so the config defaults apply.
      expect(inputOf([])).not.toHaveProperty('localWitness');
      expect(inputOf([])).not.toHaveProperty('localWitnessAccountAddress');
    });

    it('read --state-cache-mb as the bound of the state cache in MiB', () => {
      expect(inputOf(['--state-cache-mb', '16']).stateCacheBytes).toBe(16 * 1024 * 1024);
      expect(inputOf([])).not.toHaveProperty('stateCacheBytes');
      expect(() => inputOf(['--state-cache-mb', 'lots'])).toThrow(CliUsageError);
    });

    it('keep --local-witness-account as an alias, refuse the two naming different accounts, and read an empty address as unset', () => {
      expect(
        inputOf(['--localwitness', keyHex, '--local-witness-account', operator.hex]).localWitnessAccountAddress,
      ).toBe(operator.hex);
      expect(
        inputOf(['--localWitnessAccountAddress', operator.hex, '--local-witness-account', operator.hex])
          .localWitnessAccountAddress,
      ).toBe(operator.hex);
      expect(() =>
        parseCommandLine(['--localWitnessAccountAddress', operator.hex, '--local-witness-account', witnessKey.hex]),
      ).toThrow(CliUsageError);
      expect(inputOf(['--localwitness', keyHex, '--localWitnessAccountAddress', ''])).not.toHaveProperty(
        'localWitnessAccountAddress',
      );
      expect(() => parseCommandLine(['--localwitness'])).toThrow(CliUsageError);
    });

    it('start a node that reports which representative the key produces for; a bad address stops it with the reason', async () => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          cli,
          '--port',
          '0',
          '--block-time-ms',
          '0',
          '--accounts',
          '1',
          '--no-dev',
          '--localwitness',
          keyHex,
          '--localWitnessAccountAddress',
          toBase58Address(operator.hex),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      await new Promise<void>((ready, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start output: ${stdout}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('(0) T')) {
            clearTimeout(timer);
            ready();
          }
        });
      });
      expect(stdout).toContain(
        `localwitness: the key of ${toBase58Address(witnessKey.hex)} produces blocks for representative ${toBase58Address(operator.hex)}\n`,
      );
      child.kill('SIGTERM');
      expect(await new Promise<number | null>((done) => child.once('exit', done))).toBe(0);

      const bad = promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        cli,
        '--port',
        '0',
        '--localwitness',
        keyHex,
        '--localWitnessAccountAddress',
        'Tnotanaddress',
      ]);
      await expect(bad).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('localWitnessAccountAddress "Tnotanaddress" is not a TRON address'),
      });
    });
  });
});
