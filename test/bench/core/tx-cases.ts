import type { ComparedCase } from '../measure';
import * as b from '../../../src-core/tx/builders';
import { signTransaction } from '../../../src-core/tx/sign';
import { privateKeyFromHex } from '../../../src-core/keys/keys';
import { toBase58Address } from '../../../src-core/address/address';
import { OFFLINE_HEADER, TRONWEB_BLOCK_HEADER, offlineTronWeb } from '../../fixtures/tronweb/offline-header';

const K1 = {
  hex: '411a642f0e3c3af545e7acbd38b07251b3990914f1',
  base58: 'TCNkawTmcQgYSU8nP8cHswT1QPjharxJr7',
  key: '01'.repeat(32),
};
const K2 = { hex: '415050a4f4b3f9338c3472dcc01a87c76a144b3c9c', base58: 'THHsfg2eNiv6MSXC4y5d4t5wkvRVADRKiF' };
const blockHeader = TRONWEB_BLOCK_HEADER;
const header = OFFLINE_HEADER;

const tronWeb = offlineTronWeb();
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
