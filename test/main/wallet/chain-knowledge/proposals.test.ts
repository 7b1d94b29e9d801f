import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { storeProposal, type ProposalContext } from '@main/wallet/chain-knowledge/proposals';
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
