import { describe, expect, it } from 'vitest';
import { explainNodeRefusal } from '@core/tx/node-refusal';

describe('explainNodeRefusal', () => {
  it("words java-tron's balance refusal as the app's sentence and keeps the node's text as the detail", () => {
    const text = 'Contract validate error : Validate TransferContract error, balance is not sufficient.';
    expect(explainNodeRefusal(text)).toEqual({
      sentence:
        'The account does not hold enough TRX for this amount and its fees. Lower the amount or add TRX to the account.',
      detail: text,
    });
  });

  it.each([
    ['Contract validate error : Validate TransferContract error, no OwnerAccount.', /sending account is not activated/],
    ['Contract validate error : account [TXyz] does not exist', /sending account is not activated/],
    ['Contract validate error : Account[41abcd] does not exist', /sending account is not activated/],
    ['Contract validate error : Receiver Account[41abcd] does not exist', /receiving account is not activated/],
    ['Contract validate error : no frozenBalance(Energy)', /not staked enough TRX/],
    [
      'Contract validate error : delegateBalance must be less than or equal to available FreezeV2 balance',
      /not staked enough TRX/,
    ],
    [
      'Contract validate error : frozenBalance must be less than or equal to accountBalance',
      /does not hold enough TRX/,
    ],
    ['Contract validate error : assetBalance is not sufficient.', /less of this token than the amount/],
  ])('maps %s', (text, sentence) => {
    const explained = explainNodeRefusal(text);
    expect(explained?.sentence).toMatch(sentence);
    expect(explained?.sentence).not.toMatch(/Contract validate error/);
    expect(explained?.detail).toBe(text);
  });

  it('quotes a TRC-20 revert reason once in the sentence, with no separate detail repeating it', () => {
    const explained = explainNodeRefusal('ERC20: transfer amount exceeds balance');
    expect(explained).toEqual({
      sentence:
        'The token contract refuses the transfer: the account holds less of this token than the amount ' +
        '(“ERC20: transfer amount exceeds balance”).',
      detail: null,
    });
  });

  it('leaves a text it does not know alone, so the caller keeps its own wording', () => {
    expect(explainNodeRefusal('witnessAccount does not have any reward')).toBeNull();
    expect(explainNodeRefusal('   ')).toBeNull();
  });
});
