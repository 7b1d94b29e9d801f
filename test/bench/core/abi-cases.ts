import { utils } from 'tronweb';
import type { ComparedCase } from '../measure';
import { decodeParams, encodeFunctionData, encodeParams } from '../../../src-core/abi';

const K1 = '411a642f0e3c3af545e7acbd38b07251b3990914f1';
const K2 = '415050a4f4b3f9338c3472dcc01a87c76a144b3c9c';
const K3 = { hex: '413325a78425f17a7e487eb5666b2bfd93abb06c70', base58: 'TEdea7WvtoCNceWPwaz7JbkBjbb6omTQcL' };

const transferAbi = {
  type: 'function',
  name: 'transfer',
  stateMutability: 'nonpayable',
  inputs: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
  ],
  outputs: [{ name: '', type: 'bool' }],
} as const;

const decodeTypes = ['uint256', 'string', 'address[]'];
const encoded = encodeParams(decodeTypes, [123_456_789_000n, 'payroll batch 2024-06', [K1, K2, K3.hex]]);
const encoded0x = `0x${encoded}`;

export const abiCases: ComparedCase[] = [
  {
    name: 'ABI: transfer(address,uint256) call data (base58 recipient)',
    ours: () => encodeFunctionData('transfer(address,uint256)', [K3.base58, 1_000_000n]),
    // TronWeb converts the address in the argument array in place, so each call gets a fresh array.
    reference: () => utils.abi.encodeFunctionData(transferAbi as never, [K3.base58, 1_000_000n]),
    target: 1,
  },
  {
    name: 'ABI: decode (uint256,string,address[])',
    ours: () => decodeParams(decodeTypes, encoded),
    reference: () => utils.abi.decodeParams([], decodeTypes, encoded0x),
    target: 1,
  },
];
