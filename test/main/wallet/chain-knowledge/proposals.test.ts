import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { storeProposal, type ProposalContext } from '@main/wallet/chain-knowledge/proposals';
import { envelopeFingerprint, parseEnvelope, serializeEnvelope } from '@core/envelope';
import { K } from '../../../fixtures/permissions';
import { NILE, active, multisig, unsignedOf } from '../../../core/envelope/helpers';
import { recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

describe('storing a proposal', () => {
  let dir: string;
  let envelopes: Envelopes;
  let events: RecordedEvents;
  let context: ProposalContext;

  beforeEach(async () => {
    dir = await tempDir('proposals-');
    envelopes = await Envelopes.open(join(dir, ENVELOPES_FILE));
    events = recordEvents();
    context = {
      chain: {
        genesisId: async () => NILE.genesisBlockId,
        network: () => ({ name: 'Nile testnet' }) as never,
        stores: () => ({ envelopes }) as never,
      },
      emit: events.emit,
      now: () => 42,
    };
  });
  afterEach(() => removeDir(dir));

  it('wraps the transaction for this chain, stores it as this wallet’s proposal and announces it as collecting', async () => {
    const { entry, outcome } = await storeProposal(context, {
      transaction: unsignedOf(multisig),
      permission: active,
      createdAt: 1_700_000_000_000,
      label: 'Payroll',
    });
    expect(outcome).toBe('added');
    expect(entry).toMatchObject({ label: 'Payroll', origin: 'proposed', txid: multisig.txID, createdAt: 42 });
    const envelope = envelopes.envelopeOf(entry);
    expect(envelope.network).toEqual({ name: 'Nile testnet', genesisBlockId: NILE.genesisBlockId });
    expect(envelope.permission?.id).toBe(2);
    expect(envelope.createdAt).toBe(1_700_000_000_000);
    expect(events.of('cosign:changed')).toEqual([{ id: entry.id, txid: multisig.txID, stage: 'collecting' }]);
  });

  it("carries the facts this wallet states for co-signers, outside the envelope's fingerprint", async () => {
    const bare = await storeProposal(context, {
      transaction: unsignedOf(multisig),
      permission: active,
      createdAt: 1_700_000_000_000,
      label: 'Payroll',
    });
    await removeDir(dir);
    dir = await tempDir('proposals-');
    envelopes = await Envelopes.open(join(dir, ENVELOPES_FILE));
    const seen: string[] = [];
    const { entry } = await storeProposal(
      {
        ...context,
        statedFacts: async (envelope) => {
          seen.push(envelope.summary.contractType);
          return { names: [{ address: K.K3.hex, name: 'Carol' }] };
        },
      },
      { transaction: unsignedOf(multisig), permission: active, createdAt: 1_700_000_000_000, label: 'Payroll' },
    );
    const envelope = envelopes.envelopeOf(entry);
    expect(seen).toEqual(['TransferContract']);
    expect(envelope.stated).toEqual({ names: [{ address: K.K3.hex, name: 'Carol' }] });
    expect(envelopeFingerprint(envelope).digest).toBe(
      envelopeFingerprint(parseEnvelope(serializeEnvelope({ ...envelope, stated: undefined }))).digest,
    );
    expect(bare.entry.txid).toBe(entry.txid);
  });

  it('keeps the note, the network name it is given and what a re-proposal carries', async () => {
    const { entry } = await storeProposal(
      context,
      {
        transaction: unsignedOf(multisig),
        permission: active,
        note: 'Q3 payroll',
        createdAt: 1_700_000_000_000,
        label: 'Payroll',
        networkName: 'nile',
      },
      { autoBroadcast: true, reproposedFrom: 'ab'.repeat(32), carriedApprovals: [] },
    );
    expect(entry).toMatchObject({ autoBroadcast: true, reproposedFrom: 'ab'.repeat(32), origin: 'proposed' });
    const envelope = envelopes.envelopeOf(entry);
    expect(envelope.note).toBe('Q3 payroll');
    expect(envelope.network.name).toBe('nile');
  });
});
