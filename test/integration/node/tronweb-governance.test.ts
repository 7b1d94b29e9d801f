import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { createNode, type TronNode } from '../../../src-main/node';
import { deriveKeys, WITNESS_PATH } from '../../../src-main/node/genesis';
import type { Reply } from '../../main/node/helpers';

/**
 * TronWeb 6.5.1 (which builds each transaction locally) against the node for the private-chain
 * system contracts and their reads: account ids, proposals, Bancor exchanges, token updates, the
 * node and representative lists, and the Stake 2.0 reads TronWeb's own suite checks
 * (getCanWithdrawUnfreezeAmount's `amount`, getDelegatedResourceV2's `delegatedResource`).
 */
const TRX = 1_000_000;

describe('TronWeb 6.5.1 against the node: proposals, exchanges, account ids', () => {
  let node: TronNode;
  let tronWeb: TronWeb;
  let sr: { key: string; hex: string };
  const account = (i: number) => ({ key: node.accounts[i]!.privateKey, hex: node.accounts[i]!.hex });

  async function ok(tx: unknown, key: string): Promise<{ txID: string }> {
    const signed = await tronWeb.trx.sign(tx as never, key);
    const reply = (await tronWeb.trx.sendRawTransaction(signed)) as Reply;
    expect(reply).toMatchObject({ result: true });
    await node.mine(1);
    return signed as never;
  }
  async function later(seconds: number): Promise<void> {
    const reply = await fetch(`${node.url}/admin/time`, { method: 'POST', body: JSON.stringify({ seconds }) });
    expect(reply.status).toBe(200);
    await node.mine(1);
  }

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0, witnessCount: 1 });
    tronWeb = new TronWeb({ fullHost: node.url });
    const [k] = deriveKeys(node.config.mnemonic, WITNESS_PATH, 1);
    sr = { key: bytesToHex(k!.privateKey), hex: k!.hex };
    await ok(await tronWeb.transactionBuilder.sendTrx(sr.hex, 100 * TRX, account(0).hex), account(0).key);
  });
  afterAll(async () => node?.stop());

  it('setAccountId, then getAccountById (confirmed) answers the account with its account_id', async () => {
    const a = account(1);
    const id = TronWeb.toHex('testtest42');
    await ok(await tronWeb.transactionBuilder.setAccountId(id, a.hex), a.key);
    const found = (await tronWeb.trx.getAccountById(id)) as Reply;
    expect(found.account_id).toBe(id.slice(2));
    expect(found.address).toBe(a.hex);
  });

  it('createProposal, voteProposal, deleteProposal; listProposals and getProposal read them back', async () => {
    await ok(await tronWeb.transactionBuilder.createProposal([{ key: 11, value: 100 }], sr.hex), sr.key);
    await ok(await tronWeb.transactionBuilder.createProposal([{ key: 68, value: 0 }], sr.hex), sr.key);
    await ok(await tronWeb.transactionBuilder.voteProposal(1, true, sr.hex), sr.key);
    await ok(await tronWeb.transactionBuilder.deleteProposal(2, sr.hex), sr.key);
    const proposals = (await tronWeb.trx.listProposals()) as Reply[];
    expect(proposals.map((p) => [p.proposal_id, p.state ?? 'PENDING'])).toEqual([
      [2, 'CANCELED'],
      [1, 'PENDING'],
    ]);
    const one = (await tronWeb.trx.getProposal(1)) as Reply;
    expect(one).toMatchObject({ proposal_id: 1, approvals: [sr.hex], parameters: [{ key: 11, value: 100 }] });
    // Approved by the only representative: from the maintenance after its expiry, energy costs 100 sun.
    await later((one.expiration_time - node.head().timestamp) / 1000 + 1);
    await later(6 * 3600);
    expect((await tronWeb.trx.getProposal(1)).state).toBe('APPROVED');
    const parameters = (await tronWeb.trx.getChainParameters()) as Reply[];
    expect(parameters.find((p) => p.key === 'getEnergyFee')?.value).toBe(100);
  });

  it('a TRX exchange: create, inject, trade, withdraw; listExchanges, getExchangeByID and the paginated list agree', async () => {
    const a = account(2);
    const start = node.head().timestamp + 60_000;
    await ok(
      await tronWeb.transactionBuilder.createToken(
        {
          name: 'Swap',
          abbreviation: 'SWP',
          description: 'exchange test',
          url: 'https://swap.example',
          totalSupply: 1_000_000_000,
          trxRatio: 1,
          tokenRatio: 1,
          saleStart: start,
          saleEnd: start + 86_400_000,
          precision: 0,
        },
        a.hex,
      ),
      a.key,
    );
    const tokenId = ((await tronWeb.trx.getTokensIssuedByAddress(a.hex)) as Reply).Swap.id as string;
    await ok(await tronWeb.transactionBuilder.createTRXExchange(tokenId, 1_000_000, 100 * TRX, a.hex), a.key);
    const [created] = (await tronWeb.trx.listExchanges()) as Reply[];
    expect(created).toMatchObject({
      exchange_id: 1,
      creator_address: a.hex,
      first_token_id: bytesToHex(new TextEncoder().encode(tokenId)),
      first_token_balance: 1_000_000,
      second_token_balance: 100 * TRX,
    });
    await ok(await tronWeb.transactionBuilder.injectExchangeTokens(1, tokenId, 100_000, a.hex), a.key);
    expect(await tronWeb.trx.getExchangeByID(1)).toMatchObject({
      first_token_balance: 1_100_000,
      second_token_balance: 110 * TRX,
    });
    const trader = account(3);
    const trade = await ok(
      await tronWeb.transactionBuilder.tradeExchangeTokens(1, '_', TRX, 1, trader.hex),
      trader.key,
    );
    const received = ((await tronWeb.trx.getUnconfirmedTransactionInfo(trade.txID)) as Reply).exchange_received_amount;
    // java-tron's ExchangeProcessor: 1 TRX into (110 TRX, 1,100,000 tokens) buys 9,909 tokens.
    expect(received).toBe(9_909);
    expect(((await tronWeb.trx.getUnconfirmedAccount(trader.hex)) as Reply).assetV2).toEqual([
      { key: tokenId, value: received },
    ]);
    await ok(await tronWeb.transactionBuilder.withdrawExchangeTokens(1, '_', 11 * TRX, a.hex), a.key);
    const after = (await tronWeb.trx.getExchangeByID(1)) as Reply;
    // 11 of 111 TRX out takes 11/111 of the 1,090,091 tokens left: 108,027.
    expect([after.first_token_balance, after.second_token_balance]).toEqual([1_090_091 - 108_027, 100 * TRX]);
    expect(await tronWeb.trx.listExchangesPaginated(10, 0)).toEqual([after]);
  });

  it('createTokenExchange between two tokens; the creation info carries exchange_id as TronWeb reads it', async () => {
    const [x, y] = [account(6), account(7)];
    const ids: string[] = [];
    for (const [i, who] of [x, y].entries()) {
      const start = node.head().timestamp + 60_000;
      await ok(
        await tronWeb.transactionBuilder.createToken(
          {
            name: `Pair${i}`,
            abbreviation: `P${i}`,
            url: 'https://pair.example',
            totalSupply: 1_000_000,
            trxRatio: 1,
            tokenRatio: 1,
            saleStart: start,
            saleEnd: start + 86_400_000,
          },
          who.hex,
        ),
        who.key,
      );
      const id = ((await tronWeb.trx.getTokensIssuedByAddress(who.hex)) as Reply)[`Pair${i}`].id as string;
      ids.push(id);
      if (who !== x) await ok(await tronWeb.transactionBuilder.sendToken(x.hex, 1_000, id, who.hex), who.key);
    }
    const created = await ok(
      await tronWeb.transactionBuilder.createTokenExchange(ids[1]!, 10, ids[0]!, 10, x.hex),
      x.key,
    );
    const info = (await tronWeb.trx.getTransactionInfo(created.txID)) as Reply;
    const exchangeId = info.exchange_id as number;
    expect(exchangeId).toBe(((await tronWeb.trx.listExchanges()) as Reply[]).length);
    expect(await tronWeb.trx.getExchangeByID(exchangeId)).toMatchObject({
      first_token_id: bytesToHex(new TextEncoder().encode(ids[1]!)),
      first_token_balance: 10,
      second_token_id: bytesToHex(new TextEncoder().encode(ids[0]!)),
      second_token_balance: 10,
    });
  });

  it("updateToken changes the issuer's token", async () => {
    const a = account(2);
    await ok(
      await tronWeb.transactionBuilder.updateToken(
        { description: 'updated', url: 'https://swap2.example', freeBandwidth: 10, freeBandwidthLimit: 1 },
        a.hex,
      ),
      a.key,
    );
    const token = ((await tronWeb.trx.getTokensIssuedByAddress(a.hex)) as Reply).Swap as Reply;
    expect(token).toMatchObject({ url: 'https://swap2.example', description: 'updated' });
  });

  it('listNodes is empty; getNowWitnessList ranks the representatives', async () => {
    expect(await tronWeb.trx.listNodes()).toEqual([]);
    const witnesses = (await tronWeb.trx.getNowWitnessList({ confirmed: false })) as Reply[];
    expect(witnesses.map((w) => w.address)).toEqual([sr.hex]);
  });

  it("getCanWithdrawUnfreezeAmount and getDelegatedResourceV2 carry the fields TronWeb's suite reads", async () => {
    const a = account(4);
    await ok(await tronWeb.transactionBuilder.freezeBalanceV2(100 * TRX, 'ENERGY', a.hex), a.key);
    await ok(await tronWeb.transactionBuilder.unfreezeBalanceV2(10 * TRX, 'ENERGY', a.hex), a.key);
    await ok(await tronWeb.transactionBuilder.delegateResource(10 * TRX, account(5).hex, 'ENERGY', a.hex), a.key);
    await later(14 * 86_400 + 1);
    const now = node.head().timestamp;
    expect(await tronWeb.trx.getCanWithdrawUnfreezeAmount(a.hex, now)).toEqual({ amount: 10 * TRX });
    expect(await tronWeb.trx.getCanWithdrawUnfreezeAmount(a.hex, now, { confirmed: false })).toEqual({
      amount: 10 * TRX,
    });
    const delegation = (await tronWeb.trx.getDelegatedResourceV2(a.hex, account(5).hex)) as Reply;
    expect(delegation.delegatedResource).toEqual([
      { from: a.hex, to: account(5).hex, frozen_balance_for_energy: 10 * TRX },
    ]);
  });
});
