import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../src-main/node';
import { parseConfigFile } from '../../../src-main/watchtower/config-file';
import { runHeadless } from '../../../src-main/watchtower/headless';
import type { NumberedEvent } from '../../../src-main/watchtower/types';
import { broadcast, fundedKey, makeTx, newKey, startNode, transfer, type Key } from '../node/helpers';
import { startReceiver } from './webhook-receiver';

/** `npm run watch` against the embedded node, posting to a webhook receiver on loopback. */
const cli = fileURLToPath(new URL('../../../src-main/watchtower/cli.ts', import.meta.url));
const SECRET = 'webhook secret for the test';

let node: TronNode;
let alice: Key;
let dir: string;

beforeAll(async () => {
  node = await startNode();
  alice = fundedKey(node, 0);
  dir = await mkdtemp(join(tmpdir(), 'watch-cli-'));
});
afterAll(async () => {
  await node?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function writeConfig(name: string, webhook: Record<string, unknown>, watched: string): Promise<string> {
  const file = join(dir, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      pollMs: 100,
      stateDir: `state-${name}`,
      accounts: [{ address: watched, label: 'Ops wallet' }],
      webhook: { backoffMs: 20, deadLetterFile: `${name}-dead.jsonl`, ...webhook },
    }),
  );
  return file;
}

async function sendFrom(from: Key, to: Key, amount: bigint): Promise<string> {
  const tx = makeTx(node, transfer(from, to, amount), from.key);
  expect((await broadcast(node, tx)).result).toBe(true);
  await node.mine(1);
  return tx.txID;
}

describe('npm run watch', () => {
  it('prints the alert as a JSON line and posts it to a webhook that fails three times, signed, on the fourth try', async () => {
    const receiver = await startReceiver(SECRET, [500, 500, 500, 200]);
    const watched = newKey();
    await sendFrom(alice, watched, 500_000_000n);
    const config = await writeConfig('cli', { url: receiver.url }, watched.hex);
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--config', config, '--node', node.url], {
      env: { ...process.env, WATCH_WEBHOOK_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until(() => stderr.includes('Watching 1 account(s)'));
      // Let the first poll place the cursor at the head before the transfer is packed.
      await until(async () => (await readdir(join(dir, 'state-cli')).catch(() => [])).length > 0);
      const txid = await sendFrom(watched, newKey(), 2_000_000n);
      await receiver.waitFor(4);
      await until(() => stdout.includes('"type":"alert"'));
      const lines = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as NumberedEvent);
      const alert = lines.find((l) => l.event.type === 'alert')!;
      expect(alert.event).toMatchObject({ alert: { rule: 'outgoing-value', txid, label: 'Ops wallet' } });
      expect(receiver.received.map((r) => r.signatureValid)).toEqual([true, true, true, true]);
      expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([alert, alert, alert, alert]);
      expect(stderr).toContain('Webhook delivery of event 1 failed (try 3): HTTP 500.');
    } finally {
      child.kill('SIGTERM');
      await receiver.close();
    }
    expect(await exited).toBe(0);
    await expect(readFile(join(dir, 'cli-dead.jsonl'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 60_000);

  it('puts an alert the webhook never accepts into the dead-letter file, and still prints it', async () => {
    const receiver = await startReceiver(SECRET, [502]);
    const watched = newKey();
    await sendFrom(alice, watched, 500_000_000n);
    const file = await writeConfig('dead', { url: receiver.url, maxAttempts: 3 }, watched.hex);
    const config = parseConfigFile(await readFile(file, 'utf8'), file);
    const printed: string[] = [];
    const run = (signal: AbortSignal) =>
      runHeadless({
        config,
        nodeUrl: node.url,
        webhookSecret: SECRET,
        write: (line) => printed.push(line),
        log: () => {},
        signal,
        once: true,
      });
    await run(new AbortController().signal);
    const txid = await sendFrom(watched, newKey(), 3_000_000n);
    await run(new AbortController().signal);
    await receiver.close();

    expect(receiver.received).toHaveLength(3);
    const dead = (await readFile(join(dir, 'dead-dead.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ attempts: 3, reason: 'HTTP 502', delivery: { event: { alert: { txid } } } });
    expect(printed.map((l) => JSON.parse(l))).toEqual([dead[0].delivery]);
  }, 60_000);

  it('refuses to start a webhook without its secret in the environment', async () => {
    const file = await writeConfig('nosecret', { url: 'https://example.org/hook' }, newKey().hex);
    const config = parseConfigFile(await readFile(file, 'utf8'), file);
    await expect(
      runHeadless({ config, nodeUrl: node.url, write: () => {}, log: () => {}, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: 'WATCH_CONFIG_INVALID', message: expect.stringContaining('WATCH_WEBHOOK_SECRET') });
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
