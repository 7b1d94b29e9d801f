import { TronWeb } from 'tronweb';
import type { ComparedCase } from '../measure';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { signTransaction } from '../../../src-core/tx/sign';
import { privateKeyFromHex } from '../../../src-core/keys/keys';
import { toBase58Address } from '../../../src-core/address/address';

const K1 = {
  hex: '411a642f0e3c3af545e7acbd38b07251b3990914f1',
  base58: 'TCNkawTmcQgYSU8nP8cHswT1QPjharxJr7',
  key: '01'.repeat(32),
};
const K2 = { hex: '415050a4f4b3f9338c3472dcc01a87c76a144b3c9c', base58: 'THHsfg2eNiv6MSXC4y5d4t5wkvRVADRKiF' };
const blockHeader = {
  ref_block_bytes: '1a2b',
  ref_block_hash: '0123456789abcdef',
  expiration: 1_700_000_060_000,
  timestamp: 1_700_000_000_000,
};
const header = transactionHeader({
  refBlock: { number: 0x1a2bn, blockId: '0000000000001a2b0123456789abcdef' + '00'.repeat(16) },
  headTimestamp: 1_700_000_000_000,
});

const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
const privateKey = privateKeyFromHex(K1.key);
const unsigned = b.buildTransaction(b.transferContract({ owner: K1.hex, to: K2.hex, amount: 1_000_000n }), { header });

export const txCases: ComparedCase[] = [
  {
    name: 'TRX transfer: build + serialize + txID (offline)',
    ours: () => b.buildTransaction(b.transferContract({ owner: K1.hex, to: K2.hex, amount: 1_000_000n }), { header }),
    // TronWeb's offline builder: sendTrx with a block header makes no request.
    reference: () => tronWeb.transactionBuilder.sendTrx(K2.base58, 1_000_000, K1.base58, { blockHeader }),
    referenceIsAsync: true,
    target: 3,
  },
  {
    name: 'sign a TRX transfer',
    ours: () => signTransaction(unsigned, privateKey),
    // trx.sign checks the transaction (txCheck) and that the key owns it, as ours checks integrity and duplicates.
    reference: () => tronWeb.trx.sign(structuredClone(unsigned) as never, K1.key),
    referenceIsAsync: true,
    target: 1,
  },
  {
    name: 'address hex → base58',
    ours: () => toBase58Address(K1.hex),
    reference: () => tronWeb.address.fromHex(K1.hex),
    target: 1,
  },
];
