import { parseAbiText } from './src-main/wallet/transactions/abi-text';
export function bigAbi(chars: number): string {
  const entries: unknown[] = [];
  let size = 2;
  for (let i = 0; size < chars; i++) {
    const e = i % 3 === 2
      ? { type: 'event', name: `Moved${i}`, anonymous: false, inputs: [{ name: 'from', type: 'address', indexed: true }, { name: 'to', type: 'address', indexed: true }, { name: 'amounts', type: 'uint256[]', indexed: false }] }
      : { type: 'function', name: `transfer${i}`, stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }, { name: 'order', type: 'tuple', components: [{ name: 'id', type: 'bytes32' }, { name: 'legs', type: 'uint64[]' }] }], outputs: [{ name: 'ok', type: 'bool' }] };
    const t = JSON.stringify(e); size += t.length + 1; entries.push(e);
  }
  return JSON.stringify(entries);
}
for (const n of [256 * 1024, 1_000_000]) {
  const text = bigAbi(n);
  const t = performance.now();
  const p = parseAbiText(text);
  console.log(text.length, p.entries.length, (performance.now() - t).toFixed(0), 'ms');
}
