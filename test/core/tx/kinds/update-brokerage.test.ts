import { describe, expect, it } from 'vitest';
import { TX_KINDS, TX_KIND_NAMES, TxRequestSchema } from '../../../../src-core/ipc/channels/tx';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import { buildTransaction } from '../../../../src-core/tx/builders';
import { decodeRawData } from '../../../../src-core/tx/codec';
import { CONTRACT_TYPE_IDS } from '../../../../src-core/tx/contract-types';
import { requestKeyOf } from '../../../../src-core/tx/kinds/form';
import { TX_KIND_BY_NAME } from '../../../../src-core/tx/kinds/registry';
import type { PlanContext } from '../../../../src-core/tx/kinds/kind';
import { vectors } from '../../../fixtures/vectors';
import { OFFLINE_HEADER, TRONWEB_BLOCK_HEADER, offlineTronWeb } from '../../../fixtures/tronweb/offline-header';

// TronWeb 6.5.1 builds offline when given the block header, so its bytes are an independent vector.
const tronWeb = offlineTronWeb();
const K = vectors.keys;
const blockHeader = TRONWEB_BLOCK_HEADER;
const header = OFFLINE_HEADER;
const noChain: PlanContext = {
  reads: {
    contractAbi: () => Promise.reject(new Error('not read')),
    trc20: () => Promise.reject(new Error('not read')),
    trc10: () => Promise.reject(new Error('not read')),
  },
  parseAbiText: () => {
    throw new Error('not read');
  },
};

describe('the update-brokerage kind', () => {
  it('is offered as a kind building UpdateBrokerageContract (contract type 49)', () => {
    expect(TX_KIND_NAMES).toContain('update-brokerage');
    expect(CONTRACT_TYPE_IDS[TX_KINDS['update-brokerage']]).toBe(49);
  });

  it('builds the same raw_data bytes as TronWeb for a 25 % brokerage', async () => {
    const request = TxRequestSchema.parse({ kind: 'update-brokerage', owner: K.K1.base58, brokeragePercent: 25 });
    expect(request.kind).toBe('update-brokerage');
    const plan = await TX_KIND_BY_NAME['update-brokerage'].plan(request as never, noChain);
    const ours = buildTransaction(plan.spec, { header });
    const theirs = await tronWeb.transactionBuilder.updateBrokerage(25, K.K1.base58, { blockHeader });
    expect(ours.raw_data_hex).toBe(theirs.raw_data_hex);
    expect(decodeRawData(hexToBytes(ours.raw_data_hex)).contract[0]?.type).toBe('UpdateBrokerageContract');
    expect(plan.summary.map((line) => line.label)).toEqual(['From', 'Brokerage']);
  });

  it('accepts a brokerage of 0 to 100 % and names the field when it is more', () => {
    const request = (brokeragePercent: number) =>
      TxRequestSchema.safeParse({ kind: 'update-brokerage', owner: K.K1.base58, brokeragePercent });
    expect(request(100).success).toBe(true);
    expect(request(101).error?.issues.map((issue) => issue.path)).toEqual([['brokeragePercent']]);
  });

  it('sends its form field to the request key its schema reads', () => {
    const [field] = TX_KIND_BY_NAME['update-brokerage'].form.fields;
    expect(field && requestKeyOf(field)).toBe('brokeragePercent');
  });
});
