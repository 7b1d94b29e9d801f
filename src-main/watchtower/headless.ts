import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TronNodeClient } from '../../src-core/client/client';
import { NetworkError, NodeApiError, WatchError } from '../../src-core/errors';
import { accountPermissionsFromAccountJson, permissionFor } from '../../src-core/permission/model';
import { nodeChainSource } from './chain-source';
import type { HeadlessConfig } from './config-file';
import { OutboxPump } from './outbox-pump';
import { loadPolicyFiles, ownerPermissionOf } from './policy-files';
import { politeFetch, type HeaderedFetch } from './polite-fetch';
import { abortableSleep, runWatchtower } from './run-loop';
import { Watchtower } from './scanner';
import type { NumberedEvent } from './types';
import { WebhookSender } from './webhook';

export interface HeadlessOptions {
  readonly config: HeadlessConfig;
  readonly nodeUrl: string;
  readonly apiKey?: string;
  readonly webhookSecret?: string;
  /** One JSON line per event (stdout). */
  readonly write: (line: string) => void;
  /** Progress and problems for a person (stderr). */
  readonly log: (line: string) => void;
  readonly signal: AbortSignal;
  /** Scan to the head once, deliver, and return. */
  readonly once?: boolean;
  readonly fetch?: HeaderedFetch;
}

/** The state file of a network: named by its genesis block id (whose first 8 bytes are the number 0). */
export function stateFileFor(stateDir: string, genesisId: string): string {
  return join(stateDir, `network-${genesisId.slice(16, 32)}.json`);
}

/** Thrown by a consumer to stop its pump without acking: the event waits for the next run. */
class Stopped extends Error {}

async function genesisWhenReachable(client: TronNodeClient, options: HeadlessOptions): Promise<string | undefined> {
  for (let wait = options.config.pollMs; !options.signal.aborted; wait = Math.min(60_000, wait * 2)) {
    try {
      return await client.getGenesisBlockId();
    } catch (error) {
      if (!(error instanceof NetworkError || error instanceof NodeApiError)) throw error;
      options.log(`${error.message} Trying again in ${Math.round(wait / 1000)} s.`);
      await abortableSleep(wait, options.signal);
    }
  }
  return undefined;
}

/**
 * `npm run watch`: one node, the configuration's watch list, events to stdout and (optionally) a
 * signed webhook with retries and a dead-letter file. Returns when `signal` aborts (or after one
 * pass with `once`), with every event printed.
 */
export async function runHeadless(options: HeadlessOptions): Promise<void> {
  const { config } = options;
  const client = new TronNodeClient({
    fullNodeUrl: options.nodeUrl,
    ...(config.solidityUrl !== undefined ? { solidityNodeUrl: config.solidityUrl } : {}),
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    fetch: politeFetch({
      fetch: options.fetch ?? (globalThis.fetch as unknown as HeaderedFetch),
      requestsPerSecond: config.requestsPerSecond,
      onRetry: (r) =>
        options.log(
          `The node ${r.status !== undefined ? `answered ${r.status}` : 'could not be reached'}; trying again in ` +
            `${r.delayMs} ms.`,
        ),
    }),
  });
  let sender: WebhookSender | undefined;
  if (config.webhook) {
    if (!options.webhookSecret)
      throw new WatchError(
        'WATCH_CONFIG_INVALID',
        `The webhook needs its signing secret in the environment variable ${config.webhook.secretEnv}.`,
        { field: 'webhook.secretEnv' },
      );
    sender = new WebhookSender({
      ...config.webhook,
      secret: options.webhookSecret,
      signal: options.signal,
      sleep: (ms) => abortableSleep(ms, options.signal),
      onFailure: (f) => options.log(`Webhook delivery of event ${f.seq} failed (try ${f.attempt}): ${f.reason}.`),
    });
  }
  const genesis = await genesisWhenReachable(client, options);
  if (genesis === undefined) return;
  await mkdir(config.stateDir, { recursive: true, mode: 0o700 });
  const policies =
    config.policyFiles.length === 0
      ? undefined
      : await loadPolicyFiles(
          config.policyFiles,
          async (account) => {
            const found = await client.getAccount(account);
            const permissions = found ? accountPermissionsFromAccountJson(found.raw) : null;
            return ownerPermissionOf(permissionFor(permissions, 0, { ownerAddress: account }), account);
          },
          new Set(config.watchList.accounts.map((a) => a.address)),
        );
  const watchList = policies ? { ...config.watchList, policies } : config.watchList;

  const pumps: OutboxPump[] = [];
  const tower = await Watchtower.open({
    source: nodeChainSource(client),
    stateFile: stateFileFor(config.stateDir, genesis),
    watchList: () => watchList,
    consumers: ['stdout', ...(sender ? ['webhook'] : [])],
    startAt: config.startAt,
    onProgress: (p) => options.log(p.text),
    onEvents: () => {
      for (const pump of pumps) void pump.wake().catch(() => undefined);
    },
  });
  const stdout = new OutboxPump(tower, 'stdout', async (event: NumberedEvent) => options.write(JSON.stringify(event)));
  pumps.push(stdout);
  const webhook = sender
    ? new OutboxPump(tower, 'webhook', async (event) => {
        const outcome = await sender.deliver(event);
        if ('stopped' in outcome) throw new Stopped();
        if (!outcome.delivered)
          options.log(`Event ${event.seq} could not be delivered (${outcome.reason}); it is in the dead-letter file.`);
      })
    : undefined;
  if (webhook) pumps.push(webhook);
  const settle = (pump: OutboxPump): Promise<void> =>
    pump.drain().catch((error: unknown) => {
      if (!(error instanceof Stopped)) throw error;
    });

  options.log(
    `Watching ${config.watchList.accounts.length} account(s) on ${client.fullNodeUrl}` +
      `${config.policyFiles.length > 0 ? ` against ${config.policyFiles.length} treasury policy file(s)` : ''}.`,
  );
  // Events a previous run made durable but did not hand over go first.
  for (const pump of pumps) void pump.wake().catch(() => undefined);
  if (options.once) await tower.poll();
  else
    await runWatchtower(tower, {
      pollMs: config.pollMs,
      signal: options.signal,
      sleep: (ms) => abortableSleep(ms, options.signal),
      onFailure: (error, wait) => options.log(`${error.message} Polling again in ${Math.round(wait / 1000)} s.`),
    });
  await Promise.all(pumps.map(settle));
}
