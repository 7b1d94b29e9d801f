import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '@core/client/fetch';
import { createNode } from '@main/node';
import { embeddedNodeFactory } from '@main/wallet/node-host/create-embedded';
import { NodeHost } from '@main/wallet/node-host/node-host';
import { Settings, SETTINGS_FILE } from '@main/wallet/stores/settings';
import { quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

/** The host with the real embedded node (src-main/node): data under the user data folder. */
describe('node host with the real embedded node', () => {
  let dir: string;
  let events: RecordedEvents;
  let host: NodeHost;

  beforeEach(async () => {
    dir = await tempDir('real-node-');
    events = recordEvents();
    const settings = await Settings.open(join(dir, SETTINGS_FILE), { embeddedNode: { port: 0, blockTimeMs: 100 } });
    host = new NodeHost({
      userDataDir: dir,
      settings,
      createEmbeddedNode: embeddedNodeFactory((input) => createNode({ ...input, signatureWorkers: 0 })),
      fetch: globalThis.fetch as unknown as FetchLike,
      emit: events.emit,
      log: quietLog,
      clipboard: { writeText() {} },
      embeddedPollMs: 25,
    });
  });
  afterEach(async () => {
    await host.close();
    await removeDir(dir);
  });

  it('starts on loopback, offers the funded dev accounts, resumes its chain after a restart and starts over after a reset', async () => {
    await host.open();
    expect(host.status()).toMatchObject({ state: 'running', source: 'embedded' });
    expect(host.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.devAccounts()).toEqual({
      mnemonic: 'test test test test test test test test test test test junk',
      count: 10,
    });
    await events.waitFor('node:block', (b) => b.number >= 6);
    const genesisBlocks = await host.recentBlocks(3);
    expect(genesisBlocks.every((b) => b.producer?.startsWith('T'))).toBe(true);
    expect(await host.representatives()).toHaveLength(27);

    await host.restartEmbedded();
    expect(host.status().headBlock).toBeGreaterThanOrEqual(6);

    await host.reset('RESET');
    expect(host.status().state).toBe('running');
    expect(host.status().headBlock).toBeLessThan(6);
  });
});
