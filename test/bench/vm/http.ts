import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { loadArtifacts } from '../../fixtures/contracts/compile';
import { ClientThread } from '../node/client-thread';
import { signId } from '../libsecp-signer';
import { cpuBetween, threadCpuMs } from '../node/thread-cpu';

/**
 * End-to-end TRC-20 transfers per second through a dev node's HTTP API: each transfer is built by
 * /wallet/triggersmartcontract, signed here, and sent to /wallet/broadcasttransaction (signature
 * recovery, permission check, VM execution on the pending state); the clock stops when the block
 * holding all of them is produced (/admin/mine). The wallets run on their own thread and sign with
 * libsecp256k1 (trc20-client-worker.ts): the node's work is what is measured. Every transfer goes to an existing holder
 * (12,902 energy). Needs /admin/* (dev mode) for the funded keys and for mining.
 */
const TRANSFERS = 1_500;
const CONCURRENCY = 32;
const RECIPIENTS = 16;

type Json = Record<string, unknown>;

function word(hex: string): string {
  return hex.replace(/^41/, '').padStart(64, '0');
}

function recipient(i: number): string {
  return `41${(0xb000 + i).toString(16).padStart(40, '0')}`;
}

export interface HttpTrc20Round {
  readonly perSecond: number;
  /** CPU µs the main thread used per transfer (the node's, when it runs in this process). */
  readonly mainThreadCpuMicros: number;
  /** When the round ran, on the clock V8's profiler stamps samples with (µs, monotonic). */
  readonly measuredMicros: { readonly startMicros: number; readonly endMicros: number };
}

export interface HttpTrc20Session {
  readonly transfers: number;
  /** Energy the last transfer of the last round used (the same for every transfer). */
  readonly energyPerTransfer: () => number;
  /** One measured round: TRANSFERS transfers, then the block that holds them. */
  round(): Promise<HttpTrc20Round>;
  close(): Promise<void>;
}

const nowMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Deploys the token, makes every recipient a holder and runs one unmeasured round, so measured
 * rounds see compiled code, as the in-process rounds they are compared with do.
 */
export async function openHttpTrc20(baseUrl: string): Promise<HttpTrc20Session> {
  const url = new URL(baseUrl);
  const port = Number(url.port);
  const post = async (path: string, body: unknown = {}): Promise<Json> =>
    (await (await fetch(`${baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as Json;
  const accounts = (await post('/admin/accounts')).accounts as { hex: string; privateKey: string }[] | undefined;
  if (!accounts?.length) throw new Error(`${baseUrl} has no /admin/accounts: start the node in dev mode.`);
  const owner = accounts[0]!;
  const key = hexToBytes(owner.privateKey);
  const sign = (tx: Json): string =>
    JSON.stringify({ ...tx, signature: [bytesToHex(signId(hexToBytes(tx.txID as string), key))] });

  const token = loadArtifacts()['Token']!;
  const deploy = await post('/wallet/deploycontract', {
    owner_address: owner.hex,
    abi: JSON.stringify(token.abi),
    bytecode: token.bytecode,
    parameter: (10n ** 30n).toString(16).padStart(64, '0'),
    fee_limit: 1_000_000_000,
    name: 'Bench',
    consume_user_resource_percent: 100,
    origin_energy_limit: 10_000_000,
  });
  const deployed = JSON.parse(
    await (await fetch(`${baseUrl}/wallet/broadcasttransaction`, { method: 'POST', body: sign(deploy) })).text(),
  ) as Json;
  if (deployed.result !== true) throw new Error(`deploy refused: ${JSON.stringify(deployed)}`);
  await post('/admin/mine');
  const contract = deploy.contract_address as string;
  const selector = bytesToHex(keccak_256(new TextEncoder().encode('transfer(address,uint256)')).subarray(0, 4));
  // Distinct amounts: two requests built in the same millisecond must not be the same transaction.
  const body = (i: number): string =>
    JSON.stringify({
      owner_address: owner.hex,
      contract_address: contract,
      data: selector + word(recipient(i % RECIPIENTS)) + word((i + 1).toString(16)),
      fee_limit: 100_000_000,
    });

  const client = await ClientThread.start(port, CONCURRENCY, new URL('./trc20-client-worker.ts', import.meta.url));
  let sent = 0;
  let energy = 0;
  /** Sends `count` transfers and mines the block that holds them; `check` then reads the outcome. */
  const send = async (count: number): Promise<{ lastId: string; refused: string }> => {
    const triggers = Array.from({ length: count }, (_, i) => body(sent + i));
    sent += count;
    const outcome = await client.request<{ lastId: string; refused: string }>({ triggers, key: owner.privateKey });
    await post('/admin/mine');
    return outcome;
  };
  const check = async ({ lastId, refused }: { lastId: string; refused: string }): Promise<void> => {
    if (refused) throw new Error(`a transfer was refused: ${refused.trim()}`);
    const info = await post('/wallet/gettransactioninfobyid', { value: lastId });
    const receipt = info.receipt as Json | undefined;
    if (receipt?.result !== 'SUCCESS') throw new Error(`the last transfer did not succeed: ${JSON.stringify(info)}`);
    energy = Number(receipt.energy_usage_total);
    // Reading the block waits for its text, which the node renders on a thread of its own once the
    // block is written: that work is done before anything else (an in-process round) is measured.
    const block = await (await fetch(`${baseUrl}/wallet/getnowblock`, { method: 'POST', body: '{}' })).text();
    if (!block.includes(`"txID":"${lastId}"`)) throw new Error('the new block lacks the last transfer');
  };
  try {
    // Every recipient becomes a holder, so each measured transfer prices the same.
    await check(await send(RECIPIENTS * 2));
    await check(await send(TRANSFERS));
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    transfers: TRANSFERS,
    energyPerTransfer: () => energy,
    async round() {
      const startMicros = nowMicros();
      const cpuBefore = threadCpuMs();
      const start = performance.now();
      const outcome = await send(TRANSFERS);
      const seconds = (performance.now() - start) / 1000;
      const mainCpuMs = cpuBetween(cpuBefore, threadCpuMs()).main;
      const endMicros = nowMicros();
      await check(outcome);
      return {
        perSecond: TRANSFERS / seconds,
        mainThreadCpuMicros: (mainCpuMs * 1000) / TRANSFERS,
        measuredMicros: { startMicros, endMicros },
      };
    },
    close: () => client.close(),
  };
}
