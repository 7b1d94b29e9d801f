import os from 'node:os';
import { jsonToMessage, messageToJson } from '../../../../src-core/proto/json-codec';
import { bytesToHex } from '../../../../src-core/bytes/hex';
import { decodeBase58Check } from '../../../../src-core/bytes/base58';
import { longToBigint, bigintToLong } from '../../../../src-core/proto/runtime';
import { DEFAULT_CHAIN_PARAMETERS } from '../../../../src-core/chain/parameters';
import { accountJson, splitBlock } from '../format';
import { transactionInfoJson } from '../../java-json/transaction-info-json';
import { parseTransaction } from '../../model/tx';
import {
  energyLimitOf,
  freeNetUsageAt,
  increaseFixed,
  netLimitOf,
  netUsageAt,
  energyUsageAt,
} from '../../resources/account-usage';
import { allTronPowerOf, tronPowerUsedOf } from '../../staking/tron-power';
import { getAsset } from '../../trc10/assets';
import { witnessToMessage } from '../../state/witness';
import type { PriceHistories } from '../../state/dynamic';
import { priceHistoriesOf } from '../../governance/price-history';
import type { ApiRequest } from '../request';
import { params, requestMessage } from '../request';
import { fromHexString, getHexAddress, getString } from '../servlet-body';
import { longQueryParam } from '../../java-json/java-numbers';
import { RawReply } from '../server';
import type { NodeServices } from '../services';
import { JavaError } from '../../errors';
import { stateFor } from './staking';

type Json = Record<string, unknown>;
const CODEC = { hexMode: 'java-tron' as const };

function hexOf(address: unknown): string | undefined {
  return address instanceof Uint8Array && address.length > 0 ? bytesToHex(address) : undefined;
}

/**
 * GetAccountResourceServlet: a POST's `address` alone (fastjson getString), through
 * Util.getHexAddress with visible, then ByteArray.fromHexString; other keys are never read.
 */
function resourceAddress(req: ApiRequest): string | undefined {
  if (req.method !== 'POST')
    return hexOf(jsonToMessage('protocol.Account', params(req), { ...CODEC, visible: req.visible() }).address);
  const address = getString(req.servletBody(), 'address');
  if (address === undefined) return undefined;
  return hexOf(fromHexString(req.visible() ? getHexAddress(address) : address));
}

/** GetAccountServlet and GetAccountNetServlet merge the whole body into an Account (JsonFormat.merge). */
function accountAddress(req: ApiRequest): string | undefined {
  return hexOf(requestMessage(req, 'protocol.Account').address);
}

// --- accounts ------------------------------------------------------------------------------------

export const getAccount =
  (s: NodeServices, solidOnly: boolean) =>
  (req: ApiRequest): Json => {
    const address = accountAddress(req);
    if (!address) return {};
    const account = solidOnly ? s.chain.solidAccount(address) : s.pool.view.peekAccount(address);
    return account ? accountJson(s.chain, account, req.visible()) : {};
  };

/** Wallet.getAccountResource; zeros are omitted. */
export const getAccountResource =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const address = resourceAddress(req);
    if (!address) return {};
    const view = s.pool.view;
    const account = view.getAccount(address);
    if (!account) return {};
    const p = s.chain.props;
    const now = s.chain.clock.headSlot;
    const long = (n: bigint): unknown => bigintToLong(n);
    const assetNetUsed: Record<string, unknown> = {};
    const assetNetLimit: Record<string, unknown> = {};
    for (const id of account.assetV2.keys()) {
      assetNetLimit[id] = long(getAsset(view, id)?.freeAssetNetLimit ?? 0n);
      assetNetUsed[id] = long(
        increaseFixed(
          account.freeAssetNetUsageV2.get(id) ?? 0n,
          0n,
          account.latestAssetOperationTimeV2.get(id) ?? 0,
          now,
        ),
      );
    }
    const message = {
      freeNetUsed: long(freeNetUsageAt(account, now)),
      freeNetLimit: long(p.parameters.getFreeNetLimit),
      NetUsed: long(netUsageAt(account, now)),
      NetLimit: long(netLimitOf(account, p.parameters, view.mutable)),
      assetNetUsed,
      assetNetLimit,
      TotalNetLimit: long(p.parameters.getTotalNetLimit),
      TotalNetWeight: long(view.mutable.totalNetWeight),
      TotalTronPowerWeight: long(view.mutable.totalTronPowerWeight),
      tronPowerUsed: long(tronPowerUsedOf(account)),
      tronPowerLimit: long(allTronPowerOf(account) / 1_000_000n),
      EnergyUsed: long(energyUsageAt(account, now)),
      EnergyLimit: long(energyLimitOf(account, p.parameters, view.mutable)),
      TotalEnergyLimit: long(p.parameters.getTotalEnergyCurrentLimit),
      TotalEnergyWeight: long(view.mutable.totalEnergyWeight),
    };
    return messageToJson('protocol.AccountResourceMessage', message, { visible: req.visible() });
  };

/** Wallet.getAccountNet (AccountNetMessage, fields as java-tron prints them; zeros omitted). */
export const getAccountNet =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const address = accountAddress(req);
    if (!address) return {};
    const view = s.pool.view;
    const account = view.getAccount(address);
    if (!account) return {};
    const p = s.chain.props;
    const now = s.chain.clock.headSlot;
    const fields: [string, bigint][] = [
      ['freeNetUsed', freeNetUsageAt(account, now)],
      ['freeNetLimit', p.parameters.getFreeNetLimit],
      ['NetUsed', netUsageAt(account, now)],
      ['NetLimit', netLimitOf(account, p.parameters, view.mutable)],
      ['TotalNetLimit', p.parameters.getTotalNetLimit],
      ['TotalNetWeight', view.mutable.totalNetWeight],
    ];
    const out: Json = {};
    for (const [key, value] of fields) if (value) out[key] = Number(value);
    return out;
  };

/**
 * getbandwidthprices / getenergyprices / getmemofee (Wallet.getBandwidthPrices, getEnergyPrices,
 * getMemoFeePrices): the price history's text.
 */
export const getPrices = (s: NodeServices, price: keyof PriceHistories) => (): Json => ({
  prices: priceHistoriesOf(s.chain.props)[price],
});

/**
 * GetBurnTrxServlet: DynamicPropertiesStore BURN_TRX_AMOUNT, printed by hand as
 * `{"burnTrxAmount": N}` (a space after the colon). The full node reads the state with the
 * pending transactions applied, as java-tron's does.
 */
export const getBurnTrx = (s: NodeServices, solidOnly: boolean) => (): RawReply => {
  const burned = solidOnly ? s.chain.props.burnedSun : s.pool.view.mutable.burnedSun;
  return new RawReply(`{"burnTrxAmount": ${burned}}\n`);
};

// --- blocks -------------------------------------------------------------------------------------

function blockByNumber(s: NodeServices, n: number, visible: boolean, detail = true): Promise<RawReply> {
  return s.blockReplies.reply(n, visible, detail);
}

export const getNowBlock =
  (s: NodeServices, solidOnly: boolean) =>
  (req: ApiRequest): Promise<RawReply> => {
    const p = s.chain.props;
    return blockByNumber(s, solidOnly ? p.solidNumber : p.headNumber, req.visible());
  };

/** A NumberMessage's `num` (GetBlockByNumServlet, GetTransactionInfoByBlockNumServlet). */
function numberParam(req: ApiRequest): number {
  return Number(longToBigint((requestMessage(req, 'protocol.NumberMessage').num ?? 0) as never));
}

/**
 * The last block a read may see: the head, or on `/walletsolidity` the solidified block (the
 * solidity servlets run the full node's servlet over the solidified stores, WalletOnSolidity).
 */
function lastBlock(s: NodeServices, solidOnly: boolean): number {
  return solidOnly ? s.chain.props.solidNumber : s.chain.props.headNumber;
}

export const getBlockByNum =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const n = numberParam(req);
    return n > lastBlock(s, solidOnly) ? {} : blockByNumber(s, n, req.visible());
  };

export const getBlockById =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const value = requestMessage(req, 'protocol.BytesMessage').value as Uint8Array | undefined;
    if (!value || value.length !== 32) return {};
    const n = await s.chain.blockNumberOfId(bytesToHex(value));
    return n === undefined || n > lastBlock(s, solidOnly) ? {} : blockByNumber(s, n, req.visible());
  };

/** GetBlockServlet: id_or_num empty = head; `detail` false strips the transactions. */
export const getBlock =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const last = lastBlock(s, solidOnly);
    const p = params(req);
    const raw = p.id_or_num;
    const idOrNum = raw === undefined || raw === null ? '' : String(raw);
    const detail = String(p.detail ?? 'false').toLowerCase() === 'true';
    const visible = req.visible();
    if (idOrNum === '') return blockByNumber(s, last, visible, detail);
    if (idOrNum.length === 64) {
      if (!/^[0-9a-fA-F]{64}$/.test(idOrNum)) throw new JavaError('', 'id must be legal block hash.', true);
      const n = await s.chain.blockNumberOfId(idOrNum.toLowerCase());
      return n === undefined || n > last ? {} : blockByNumber(s, n, visible, detail);
    }
    if (!/^\d+$/.test(idOrNum) || !Number.isSafeInteger(Number(idOrNum)))
      throw new JavaError('', 'num must be non-positive number.', true);
    return Number(idOrNum) > last ? {} : blockByNumber(s, Number(idOrNum), visible, detail);
  };

const BLOCK_LIMIT = 100n;

/** GetBlockByLimitNextServlet's startNum and endNum: GET parses startNum first, then endNum. */
function blockRangeParams(req: ApiRequest): { start: bigint; end: bigint } {
  if (req.method === 'GET')
    return { start: longQueryParam(req.query.get('startNum')), end: longQueryParam(req.query.get('endNum')) };
  const limit = requestMessage(req, 'protocol.BlockLimit');
  return { start: longToBigint((limit.startNum ?? 0) as never), end: longToBigint((limit.endNum ?? 0) as never) };
}

export const getBlockByLimitNext =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const { start, end } = blockRangeParams(req);
    if (!(end > 0n && end > start && end - start <= BLOCK_LIMIT)) return {};
    // BlockStore.getLimitNumber seeks the block key of `start`: a negative number's key sorts
    // after every block, so that range, like one past the head, is an empty list.
    const numbers: number[] = [];
    for (let n = start < 0n ? end : start; n < end && n <= BigInt(lastBlock(s, solidOnly)); n++)
      numbers.push(Number(n));
    return s.blockReplies.listReply(numbers, req.visible());
  };

/**
 * GetBlockByLatestNumServlet: the last `num` blocks (0 < num < 100, else `{}`) as a BlockList, up
 * to the head or the solidified block, oldest first (java-tron collects them in a hash set, so its
 * order is not defined), genesis included when the chain is shorter.
 */
export const getBlockByLatestNum =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const num = req.method === 'GET' ? longQueryParam(req.query.get('num')) : BigInt(numberParam(req));
    if (!(num > 0n && num < BLOCK_LIMIT)) return {};
    const last = lastBlock(s, solidOnly);
    const numbers: number[] = [];
    for (let n = Math.max(0, last - Number(num) + 1); n <= last; n++) numbers.push(n);
    return s.blockReplies.listReply(numbers, req.visible());
  };

/**
 * GetTransactionCountByBlockNumServlet: `{"count": N}` as java-tron prints it (a space after the
 * colon), 0 for a block not on the chain (or not solidified, on `/walletsolidity`).
 */
export const getTransactionCountByBlockNum =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<RawReply> => {
    const n = req.method === 'GET' ? Number(longQueryParam(req.query.get('num'))) : numberParam(req);
    const bytes = n < 0 || n > lastBlock(s, solidOnly) ? undefined : await s.chain.blockBytes(n);
    const count = bytes ? splitBlock(bytes).transactions.length : 0;
    return new RawReply(`{"count": ${count}}\n`);
  };

/**
 * GetTransactionInfoByBlockNumServlet: the TransactionInfo of every transaction of block `num`, in
 * block order, as a JSON array (`[]` for a block without transactions or not on the chain; on
 * `/walletsolidity`, also for a block not solidified yet); `num` ≤ 0 answers `{}`.
 */
export const getTransactionInfoByBlockNum =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json | Json[]> => {
    const n = req.method === 'GET' ? Number(longQueryParam(req.query.get('num'))) : numberParam(req);
    if (n <= 0) return {};
    if (solidOnly && n > s.chain.props.solidNumber) return [];
    const bytes = await s.chain.blockBytes(n);
    if (!bytes) return [];
    const visible = req.visible();
    const infos: Json[] = [];
    for (const txBytes of splitBlock(bytes).transactions) {
      const info = await s.chain.transactionInfo(parseTransaction(txBytes).idHex);
      if (info) infos.push(transactionInfoJson(info, visible));
    }
    return infos;
  };

// --- chain --------------------------------------------------------------------------------------

export const getChainParameters = (s: NodeServices) => (): Json => {
  const values = s.chain.props.parameters;
  const chainParameter = Object.keys(DEFAULT_CHAIN_PARAMETERS).map((key) => {
    const value = values[key as keyof typeof values];
    return value ? { key, value: Number(value) } : { key };
  });
  return { chainParameter };
};

/** Wallet.getWitnessList: every witness in store (address) order, with its vote count. */
export const listWitnesses =
  (s: NodeServices, solidOnly: boolean) =>
  (req: ApiRequest): Json => {
    const visible = req.visible();
    const view = stateFor(s, solidOnly);
    const list = [...view.witnessAddresses()].sort().map((hex) => view.getWitness(hex)!);
    return list.length
      ? { witnesses: list.map((w) => messageToJson('protocol.Witness', witnessToMessage(w), { visible })) }
      : {};
  };

/** NodeInfoService bean (java-tron NodeInfo): wallets read `block` and configNodeInfo.codeVersion. */
export const getNodeInfo = (s: NodeServices) => async (): Promise<Json> => {
  const p = s.chain.props;
  const memory = process.memoryUsage();
  return {
    beginSyncNum: p.headNumber,
    block: `Num:${p.headNumber},ID:${p.headId}`,
    solidityBlock: `Num:${p.solidNumber},ID:${await s.chain.blockIdHex(p.solidNumber)}`,
    currentConnectCount: 0,
    activeConnectCount: 0,
    passiveConnectCount: 0,
    totalFlow: 0,
    peerList: [],
    configNodeInfo: {
      codeVersion: '4.8.0',
      versionNum: '0',
      p2pVersion: '0',
      listenPort: 0,
      discoverEnable: false,
      activeNodeSize: 0,
      passiveNodeSize: 0,
      sendNodeSize: 0,
      maxConnectCount: 0,
      sameIpMaxConnectCount: 0,
      backupListenPort: 0,
      backupMemberSize: 0,
      backupPriority: 0,
      dbVersion: 2,
      minParticipationRate: 0,
      supportConstant: false,
      minTimeRatio: 0,
      maxTimeRatio: 0,
      allowCreationOfContracts: Number(p.parameters.getAllowCreationOfContracts),
      allowAdaptiveEnergy: Number(p.parameters.getAllowAdaptiveEnergy),
    },
    machineInfo: {
      threadCount: 1,
      deadLockThreadCount: 0,
      cpuCount: os.cpus().length,
      totalMemory: os.totalmem(),
      freeMemory: os.freemem(),
      cpuRate: 0,
      javaVersion: process.version,
      osName: `${os.type()} ${os.release()}`,
      jvmTotalMemory: memory.heapTotal,
      jvmFreeMemory: memory.heapTotal - memory.heapUsed,
      processCpuRate: 0,
      memoryDescInfoList: [],
      deadLockThreadInfoList: [],
    },
    cheatWitnessInfoMap: {},
  };
};

/** ValidateAddressServlet: the form is told by the length; a malformed POST body prints nothing. */
export const validateAddress =
  () =>
  (req: ApiRequest): Json | RawReply => {
    let input: unknown;
    try {
      input = params(req).address;
    } catch {
      return new RawReply('');
    }
    const address = typeof input === 'string' ? input : '';
    const valid = (bytes: Uint8Array | undefined): boolean => !!bytes && bytes.length === 21 && bytes[0] === 0x41;
    let result = false;
    let message: string;
    if (address.length === 42) {
      result = /^[0-9a-fA-F]{42}$/.test(address) && address.slice(0, 2) === '41';
      message = result ? 'Hex string format' : 'Invalid address';
    } else if (address.length === 34) {
      try {
        result = valid(decodeBase58Check(address));
      } catch {
        result = false;
      }
      message = result ? 'Base58check format' : 'Invalid address';
    } else if (address.length === 28) {
      result = valid(Uint8Array.from(Buffer.from(address, 'base64')));
      message = result ? 'Base64 format' : 'Invalid address';
    } else {
      message = 'Length error';
    }
    return new RawReply(`{"result":${result},"message":"${message}"}\n`);
  };
