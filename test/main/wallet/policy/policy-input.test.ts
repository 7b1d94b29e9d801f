import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import type { EnvelopeSummary } from '../../../../src-core/envelope';
import { statedPayment } from '../../../../src-main/wallet/policy/policy-input';

const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TO_HEX = '41' + '7e'.repeat(20);

const summary = (overrides: Partial<EnvelopeSummary>): EnvelopeSummary => ({
  contractType: 'TriggerSmartContract',
  owner: '41' + '11'.repeat(20),
  permissionId: 2,
  expiration: '0',
  amounts: [],
  recipients: [],
  details: {},
  ...overrides,
});

describe('statedPayment', () => {
  it('reads a TRC-20 transfer(to, amount) from the call data when the envelope carries no ABI', () => {
    const data = `a9059cbb${'0'.repeat(24)}${TO_HEX.slice(2)}${5_000_000n.toString(16).padStart(64, '0')}`;
    const payment = statedPayment(
      summary({
        recipients: [TOKEN],
        amounts: [{ role: 'call-value', asset: 'TRX', sun: '0', trx: '0' }],
        call: { contract: TOKEN, selector: 'a9059cbb', data, callValueSun: '0' },
      }),
    );
    expect(payment).toEqual({ asset: `TRC20:${TOKEN}`, amount: 5_000_000n, recipient: toBase58Address(TO_HEX) });
  });

  it('takes a TRX transfer’s amount and recipient, and states nothing for a call that moves nothing', () => {
    const to = toBase58Address(TO_HEX);
    expect(
      statedPayment(
        summary({
          contractType: 'TransferContract',
          recipients: [to],
          amounts: [{ role: 'send', asset: 'TRX', sun: '2500000', trx: '2.5' }],
        }),
      ),
    ).toEqual({ asset: 'TRX', amount: 2_500_000n, recipient: to });
    expect(
      statedPayment(
        summary({
          recipients: [TOKEN],
          call: { contract: TOKEN, selector: '095ea7b3', data: '095ea7b3', callValueSun: '0' },
        }),
      ),
    ).toBeUndefined();
  });
});
