import { describe, expect, it } from 'vitest';
import { parseAbi } from '@core/abi/fragments';
import { encodeEventTopics } from '@core/abi/logs';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import { addressFromPrivateKey } from '@core/keys/keys';
import { decodeLogs, type RawLog } from '@main/wallet/transactions/logs';
import { TRC20_ABI } from '@main/wallet/transactions/requests';

const address = (seed: number) =>
  toBase58Address(addressFromPrivateKey(hexToBytes(seed.toString(16).padStart(64, '0'))));
const TOKEN = address(0x7001);
const FROM = address(0x7002);
const TO = address(0x7003);

const ABI = parseAbi(TRC20_ABI);

/** A Transfer log as java-tron prints it: the contract address without 41, hex without 0x. */
function transferLog(value: bigint): RawLog {
  const topics = encodeEventTopics('Transfer(address indexed from, address indexed to, uint256 value)', [
    toHexAddress(FROM),
    toHexAddress(TO),
  ]).map((t) => t!.replace(/^0x/, ''));
  return { address: toHexAddress(TOKEN).slice(2), topics, data: value.toString(16).padStart(64, '0') };
}

describe('decoded events', () => {
  it('shows a Transfer of a known token in its units beside the raw value', async () => {
    const [log] = await decodeLogs(
      [transferLog(250_000_000n)],
      async () => ABI,
      async (a) => (a === TOKEN ? { symbol: 'USDT', decimals: 6 } : null),
    );
    expect(log!.event).toBe('Transfer(address,address,uint256)');
    expect(log!.args[2]).toEqual({ name: 'value', type: 'uint256', value: '250000000', shown: '250 USDT' });
    expect(log!.args[1]!.value).toBe(TO);
  });

  it('leaves the value raw when the token cannot be described', async () => {
    const [log] = await decodeLogs(
      [transferLog(5n)],
      async () => ABI,
      async () => null,
    );
    expect(log!.args[2]).toEqual({ name: 'value', type: 'uint256', value: '5' });
  });
});
