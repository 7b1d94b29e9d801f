import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnvelope, serializeEnvelope } from '@core/envelope';
import type { ImportResult } from '@core/ipc/channels/cosign';
import { EnvelopeFiles } from '@main/wallet/cosign/envelope-files';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { proposal } from '../../../core/envelope/helpers';
import { expectWalletError, removeDir, tempDir } from '../helpers';

describe('envelopes in and out as text', () => {
  let dir: string;
  let envelopes: Envelopes;
  let id: string;
  let clipboard: string[];
  let now: number;
  const files = (dialogs?: ConstructorParameters<typeof EnvelopeFiles>[0]['files'], imported: string[] = []) =>
    new EnvelopeFiles({
      chain: { stores: () => ({ envelopes }) as never },
      clipboard: { writeText: (text) => void clipboard.push(text) },
      files: dialogs,
      now: () => now,
      importText: async (text) => {
        imported.push(text);
        return { id } as ImportResult;
      },
    });

  beforeEach(async () => {
    dir = await tempDir('envelope-files-');
    envelopes = await Envelopes.open(join(dir, ENVELOPES_FILE));
    id = (await envelopes.add(proposal(), { origin: 'proposed' }, 1)).entry.id;
    clipboard = [];
    now = 100;
  });
  afterEach(() => removeDir(dir));

  it('copies the canonical envelope and notes the first time it left this wallet, only the first', async () => {
    await files().copy(id);
    expect(parseEnvelope(clipboard[0]!).transaction.txID).toBe(proposal().transaction.txID);
    expect(clipboard[0]).toBe(serializeEnvelope(proposal()));
    expect(envelopes.get(id)?.exportedAt).toBe(100);
    now = 200;
    await files().copy(id);
    expect(envelopes.get(id)?.exportedAt).toBe(100);
  });

  it('names the file after the contract, the txid and the signatures, and splits it into QR frames', () => {
    const exported = files().export(id);
    expect(exported.fileName).toBe(
      `TransferContract-${proposal().transaction.txID.slice(0, 8)}-0sig-of-2.tronenv.json`,
    );
    expect(exported.frames.length).toBeGreaterThan(0);
  });

  it('refuses the dialogs this window cannot show, and an unknown envelope', async () => {
    await expectWalletError(files().save(id), 'EnvelopeError', 'COSIGN_NO_DIALOG');
    await expectWalletError(files().open(), 'EnvelopeError', 'COSIGN_NO_DIALOG');
    await expectWalletError(
      async () => files().export('env_0000000000000000'),
      'EnvelopeError',
      'COSIGN_UNKNOWN_ENVELOPE',
    );
  });

  it('saves through main’s dialog and notes it; a cancelled dialog leaves it as it was', async () => {
    const saved: string[] = [];
    let answer: { path: string } | null = null;
    const withDialog = files({
      saveText: async (options, text) => {
        saved.push(`${options.defaultName}:${text.length}`);
        return answer;
      },
    });
    expect(await withDialog.save(id)).toBeNull();
    expect(envelopes.get(id)?.exportedAt).toBeNull();
    answer = { path: '/tmp/x.tronenv.json' };
    expect(await withDialog.save(id)).toEqual({ path: '/tmp/x.tronenv.json' });
    expect(envelopes.get(id)?.exportedAt).toBe(100);
    expect(saved).toHaveLength(2);
  });

  it('imports the text of a file chosen in main’s open dialog, and nothing when it is cancelled', async () => {
    const imported: string[] = [];
    let file: { name: string; text: string } | null = null;
    const withDialog = files({ openText: async () => file }, imported);
    expect(await withDialog.open()).toBeNull();
    file = { name: 'a.json', text: '{"x":1}' };
    expect(await withDialog.open()).toEqual({ id });
    expect(imported).toEqual(['{"x":1}']);
  });
});
