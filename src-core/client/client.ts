import type { HexAddress, TxId } from '../brand';
import {
  BroadcastError,
  ContractCallError,
  NetworkError,
  NodeClientErrorCode,
  SignatureCheckError,
  ValidationError,
} from '../errors';
import type { TransactionJson, UnsignedTransactionJson } from '../tx/types';
import type { ApiPrefix, NodeClientConfig } from './transport';
import { NodeHttp } from './transport';
import { BUILDER_ENDPOINTS, endpointFields, type BuilderEndpoint } from './builder-endpoints';
import { NETWORKS, type NetworkId } from './networks';
import * as parse from './parse';
import type { JsonObject } from './read';
import {
  address,
  addressOf,
  asObject,
  badResponse,
  big,
  child,
  decodeHexText,
  int,
  isEmptyObject,
  isObject,
  list,
  objects,
  str,
} from './read';
import {
  addressArg,
  blockIdArg,
  booleanArg,
  hexArg,
  integer,
  optionalHexArg,
  optionalInteger,
  optionalTextArg,
  optionalUint64,
  permissionArg,
  permissionIdArg,
  resourceArg,
  stringArg,
  textArg,
  txIdArg,
  uint64,
} from './requests';
import type {
  AccountPermissionUpdateRequest,
  AddressValidation,
  ApprovedList,
  AssetIssue,
  BuilderOptions,
  Block,
  BlockHeaderRaw,
  BlockRef,
  BroadcastHexResult,
  BroadcastResult,
  ChainParameters,
  ConstantCallResult,
  ConstantContractRequest,
  ContractInfo,
  CreateAssetIssueRequest,
  DelegatedResource,
  DelegatedResourceAccountIndex,
  DeployContractRequest,
  DeployTransactionJson,
  EnergyEstimate,
  NodeInfo,
  PriceStep,
  ReadOptions,
  SignWeight,
  SmartContract,
  TransactionInfo,
  TriggerResult,
  TriggerSmartContractRequest,
  VoteWitnessAccountRequest,
  Witness,
  Account,
  AccountNet,
  AccountResource,
} from './types';

/**
 * Typed client for a TRON full node's HTTP API (java-tron's `/wallet` servlets, Wallet).
 * One method per endpoint. Works against java-tron (TronGrid, Nile, Shasta, a stock node with
 * `solidityNodeUrl` on port 8091) and against our embedded node, which serves both prefixes on
 * one origin. Every request is a JSON POST; addresses go out as hex and `visible` is never set.
 */
export class TronNodeClient {
  private readonly http: NodeHttp;

  // Transaction builders whose body is the request's fields (builder-endpoints.ts); each returns
  // the node's unsigned transaction JSON (Util.printCreateTransaction).
  readonly createTransaction = this.endpoint(BUILDER_ENDPOINTS.createTransaction);
  readonly freezeBalanceV2 = this.endpoint(BUILDER_ENDPOINTS.freezeBalanceV2);
  readonly unfreezeBalanceV2 = this.endpoint(BUILDER_ENDPOINTS.unfreezeBalanceV2);
  readonly delegateResource = this.endpoint(BUILDER_ENDPOINTS.delegateResource);
  readonly unDelegateResource = this.endpoint(BUILDER_ENDPOINTS.unDelegateResource);
  readonly withdrawExpireUnfreeze = this.endpoint(BUILDER_ENDPOINTS.withdrawExpireUnfreeze);
  readonly cancelAllUnfreezeV2 = this.endpoint(BUILDER_ENDPOINTS.cancelAllUnfreezeV2);
  readonly withdrawBalance = this.endpoint(BUILDER_ENDPOINTS.withdrawBalance);
  readonly createWitness = this.endpoint(BUILDER_ENDPOINTS.createWitness);
  readonly updateAccount = this.endpoint(BUILDER_ENDPOINTS.updateAccount);
  readonly updateSetting = this.endpoint(BUILDER_ENDPOINTS.updateSetting);
  readonly updateEnergyLimit = this.endpoint(BUILDER_ENDPOINTS.updateEnergyLimit);
  readonly clearAbi = this.endpoint(BUILDER_ENDPOINTS.clearAbi);
  readonly transferAsset = this.endpoint(BUILDER_ENDPOINTS.transferAsset);
  readonly participateAssetIssue = this.endpoint(BUILDER_ENDPOINTS.participateAssetIssue);

  constructor(config: NodeClientConfig) {
    this.http = new NodeHttp(config);
  }

  /** A client for a named network's public endpoints (TronGrid); `custom` needs `fullNodeUrl`. */
  static forNetwork(
    network: NetworkId,
    config: Omit<NodeClientConfig, 'fullNodeUrl'> & { fullNodeUrl?: string },
  ): TronNodeClient {
    const preset = NETWORKS[network];
    if (preset === undefined) {
      throw new ValidationError(
        NodeClientErrorCode.CLIENT_BAD_CONFIG,
        `There is no network called "${String(network)}"; use mainnet, nile, shasta or custom.`,
        { field: 'network' },
      );
    }
    const fullNodeUrl = config.fullNodeUrl ?? preset.fullNodeUrl;
    if (fullNodeUrl === undefined) {
      throw new ValidationError(
        NodeClientErrorCode.CLIENT_BAD_CONFIG,
        'A custom network needs the address of its full node (fullNodeUrl).',
        { field: 'fullNodeUrl' },
      );
    }
    const solidityNodeUrl =
      config.solidityNodeUrl ?? (config.fullNodeUrl === undefined ? preset.solidityNodeUrl : undefined);
    return new TronNodeClient({
      ...config,
      fullNodeUrl,
      ...(solidityNodeUrl !== undefined ? { solidityNodeUrl } : {}),
    });
  }

  get fullNodeUrl(): string {
    return this.http.fullNodeUrl;
  }

  get solidityNodeUrl(): string {
    return this.http.solidityNodeUrl;
  }

  // -------------------------------------------------------------------------------------------
  // Transaction builders (each returns the node's unsigned transaction JSON, Util.printCreateTransaction)

  async voteWitnessAccount(request: VoteWitnessAccountRequest): Promise<UnsignedTransactionJson> {
    if (!Array.isArray(request.votes)) throw badArgument('votes', 'a list of votes');
    return this.build('votewitnessaccount', request, {
      owner_address: addressArg(request.owner_address, 'owner_address'),
      votes: request.votes.map((vote, i) => ({
        vote_address: addressArg(vote.vote_address, `votes[${i}].vote_address`),
        vote_count: uint64(vote.vote_count, `votes[${i}].vote_count`),
      })),
    });
  }

  /** Replaces all permissions of the account (AccountPermissionUpdateActuator). */
  async accountPermissionUpdate(request: AccountPermissionUpdateRequest): Promise<UnsignedTransactionJson> {
    if (!Array.isArray(request.actives)) throw badArgument('actives', 'a list of active permissions');
    return this.build('accountpermissionupdate', request, {
      owner_address: addressArg(request.owner_address, 'owner_address'),
      owner: permissionArg(request.owner, 'owner'),
      witness: request.witness === undefined ? undefined : permissionArg(request.witness, 'witness'),
      actives: request.actives.map((p, i) => permissionArg(p, `actives[${i}]`)),
    });
  }

  async deployContract(request: DeployContractRequest): Promise<DeployTransactionJson> {
    const abi = request.abi;
    if (abi !== undefined && typeof abi !== 'string' && !Array.isArray(abi))
      throw badArgument('abi', 'a list of ABI entries or its JSON text');
    const endpoint = 'deploycontract';
    const body = {
      owner_address: addressArg(request.owner_address, 'owner_address'),
      bytecode: hexArg(request.bytecode, 'bytecode'),
      parameter: optionalHexArg(request.parameter, 'parameter'),
      // java-tron wraps whatever text it finds here as {"entrys": <abi>} (DeployContractServlet).
      abi,
      name: stringArg(request.name, 'name'),
      fee_limit: optionalUint64(request.fee_limit, 'fee_limit'),
      call_value: optionalUint64(request.call_value, 'call_value'),
      consume_user_resource_percent: optionalInteger(
        request.consume_user_resource_percent,
        'consume_user_resource_percent',
        0,
        100,
      ),
      origin_energy_limit: optionalUint64(request.origin_energy_limit, 'origin_energy_limit'),
      call_token_value: optionalUint64(request.call_token_value, 'call_token_value'),
      token_id: optionalUint64(request.token_id, 'token_id'),
      Permission_id: permissionIdArg(request),
    };
    const json = await this.http.post('wallet', endpoint, body);
    const tx = parse.builtTransaction(json, endpoint) as DeployTransactionJson;
    address(tx as unknown as JsonObject, 'contract_address', endpoint);
    return tx;
  }

  /**
   * Builds a contract call. The node only validates that the contract exists; for view/pure
   * functions it also runs them and reports `constant_result`.
   */
  async triggerSmartContract(request: TriggerSmartContractRequest): Promise<TriggerResult> {
    const endpoint = 'triggersmartcontract';
    const body = {
      ...this.callFields(request, true),
      fee_limit: optionalUint64(request.fee_limit, 'fee_limit'),
      Permission_id: permissionIdArg(request),
    };
    const json = contractCallAnswer(await this.http.post('wallet', endpoint, body), endpoint);
    return {
      transaction: parse.builtTransaction(json.transaction, endpoint),
      constant_result: parse.hexList(json, 'constant_result', endpoint),
      energy_used: int(json, 'energy_used', endpoint),
    };
  }

  /** Runs a call (or a simulated deployment without `contract_address`) without putting it on chain. */
  async triggerConstantContract(
    request: ConstantContractRequest,
    options: ReadOptions = {},
  ): Promise<ConstantCallResult> {
    const endpoint = 'triggerconstantcontract';
    const json = contractCallAnswer(
      await this.http.post(prefix(options), endpoint, this.callFields(request, false)),
      endpoint,
    );
    const result = child(json, 'result', endpoint);
    const tx = json.transaction === undefined ? undefined : parse.transaction(json.transaction, endpoint);
    const ret = tx?.ret?.[0]?.ret;
    const message = decodeHexText(str(result, 'message', endpoint));
    return {
      constant_result: parse.hexList(json, 'constant_result', endpoint),
      energy_used: int(json, 'energy_used', endpoint),
      energy_penalty: int(json, 'energy_penalty', endpoint),
      // TriggerConstantContractServlet: a REVERT keeps result.result true, sets ret FAILED and the message.
      reverted: ret === 'FAILED' || /REVERT/i.test(message),
      message,
      transaction: tx,
      logs: objects(json, 'logs', endpoint),
      internal_transactions: list(json, 'internal_transactions', endpoint).map((item) =>
        parse.internalTransaction(item, endpoint),
      ),
    };
  }

  /**
   * Energy a call or deployment needs. Uses /wallet/estimateenergy and, when the node says it does
   * not offer estimation (Wallet.estimateEnergy's messages, or the endpoint is missing), a constant call instead; the
   * result says which. Only the constant call splits base energy from the dynamic-model penalty.
   */
  async estimateEnergy(request: ConstantContractRequest): Promise<EnergyEstimate> {
    const endpoint = 'estimateenergy';
    const body = this.callFields(request, false);
    let json: JsonObject;
    try {
      json = contractCallAnswer(await this.http.post('wallet', endpoint, body), endpoint);
    } catch (error) {
      if (!estimationUnsupported(error)) throw error;
      return this.estimateWithConstantCall(request);
    }
    if (json.energy_required === undefined) throw badResponse(endpoint, '"energy_required" is missing');
    return {
      method: 'estimateenergy',
      energy_required: int(json, 'energy_required', endpoint),
      base_energy: undefined,
      energy_penalty: undefined,
    };
  }

  private async estimateWithConstantCall(request: ConstantContractRequest): Promise<EnergyEstimate> {
    const result = await this.triggerConstantContract(request);
    if (result.reverted) {
      // estimateenergy reports a reverting call as CONTRACT_EXE_ERROR (EstimateEnergyServlet); say the same here.
      throw contractCallError(
        'triggerconstantcontract',
        'CONTRACT_EXE_ERROR',
        result.message || 'REVERT opcode executed',
      );
    }
    return {
      method: 'triggerconstantcontract',
      energy_required: result.energy_used,
      base_energy: result.energy_used - result.energy_penalty,
      energy_penalty: result.energy_penalty,
    };
  }

  async createAssetIssue(request: CreateAssetIssueRequest): Promise<UnsignedTransactionJson> {
    if (request.frozen_supply !== undefined && !Array.isArray(request.frozen_supply))
      throw badArgument('frozen_supply', 'a list');
    return this.build('createassetissue', request, {
      owner_address: addressArg(request.owner_address, 'owner_address'),
      name: textArg(request.name, 'name'),
      abbr: optionalTextArg(request.abbr, 'abbr'),
      total_supply: uint64(request.total_supply, 'total_supply'),
      trx_num: integer(request.trx_num, 'trx_num', 1, 2 ** 31 - 1),
      num: integer(request.num, 'num', 1, 2 ** 31 - 1),
      precision: optionalInteger(request.precision, 'precision', 0, 6),
      start_time: integer(request.start_time, 'start_time', 0, Number.MAX_SAFE_INTEGER),
      end_time: integer(request.end_time, 'end_time', 0, Number.MAX_SAFE_INTEGER),
      description: optionalTextArg(request.description, 'description'),
      url: textArg(request.url, 'url'),
      free_asset_net_limit: optionalUint64(request.free_asset_net_limit, 'free_asset_net_limit'),
      public_free_asset_net_limit: optionalUint64(request.public_free_asset_net_limit, 'public_free_asset_net_limit'),
      frozen_supply: request.frozen_supply?.map((f, i) => ({
        frozen_amount: uint64(f.frozen_amount, `frozen_supply[${i}].frozen_amount`),
        frozen_days: uint64(f.frozen_days, `frozen_supply[${i}].frozen_days`),
      })),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Broadcasting (Wallet.broadcastTransaction)

  /** Success is `{result: true, txid}`; anything with a `code` is a BroadcastError carrying it. */
  async broadcastTransaction(transaction: TransactionJson): Promise<BroadcastResult> {
    const endpoint = 'broadcasttransaction';
    if (!isObject(transaction)) throw badArgument('transaction', 'a transaction object');
    const json = asObject(await this.http.post('wallet', endpoint, transaction), endpoint);
    const code = json.code;
    if (json.result === true && (code === undefined || code === 'SUCCESS')) return { txid: txidOf(json, endpoint) };
    if (typeof code !== 'string') throw badResponse(endpoint, 'neither "result": true nor a response code');
    // The message is hex of UTF-8 unless the transaction was posted with visible=true (BroadcastServlet).
    const raw = str(json, 'message', endpoint);
    const message = transaction.visible === true ? raw : decodeHexText(raw);
    throw broadcastError(code, message, typeof json.txid === 'string' ? json.txid : transaction.txID);
  }

  /** Broadcasts a serialized Transaction given as hex; the reply's message is plain text (BroadcastHexServlet). */
  async broadcastHex(transactionHex: string): Promise<BroadcastHexResult> {
    const endpoint = 'broadcasthex';
    const json = asObject(
      await this.http.post('wallet', endpoint, { transaction: hexArg(transactionHex, 'transaction') }),
      endpoint,
    );
    const code = json.code;
    if (json.result !== true || (code !== undefined && code !== 'SUCCESS')) {
      throw broadcastError(
        typeof code === 'string' ? code : 'OTHER_ERROR',
        str(json, 'message', endpoint),
        typeof json.txid === 'string' ? json.txid : undefined,
      );
    }
    let echoed: Record<string, unknown> | undefined;
    if (typeof json.transaction === 'string' && json.transaction !== '') {
      try {
        const value: unknown = JSON.parse(json.transaction);
        echoed = isObject(value) ? value : undefined;
      } catch {
        echoed = undefined;
      }
    }
    return { txid: txidOf(json, endpoint), transaction: echoed };
  }

  // -------------------------------------------------------------------------------------------
  // Accounts

  /** `null` when the account does not exist (never received TRX). */
  async getAccount(addressText: string, options: ReadOptions = {}): Promise<Account | null> {
    const json = await this.http.post(prefix(options), 'getaccount', { address: addressArg(addressText, 'address') });
    return parse.account(json, 'getaccount');
  }

  async getAccountResource(addressText: string): Promise<AccountResource | null> {
    const json = await this.http.post('wallet', 'getaccountresource', { address: addressArg(addressText, 'address') });
    return parse.accountResource(json, 'getaccountresource');
  }

  async getAccountNet(addressText: string): Promise<AccountNet | null> {
    const json = await this.http.post('wallet', 'getaccountnet', { address: addressArg(addressText, 'address') });
    return parse.accountNet(json, 'getaccountnet');
  }

  /** Asks the node whether text is an address; does not check it locally first (that is the point). */
  async validateAddress(addressText: string): Promise<AddressValidation> {
    if (typeof addressText !== 'string') throw badArgument('address', 'text');
    const json = asObject(
      await this.http.post('wallet', 'validateaddress', { address: addressText }),
      'validateaddress',
    );
    if (typeof json.result !== 'boolean') throw badResponse('validateaddress', '"result" is missing');
    return { result: json.result, message: str(json, 'message', 'validateaddress') };
  }

  // -------------------------------------------------------------------------------------------
  // Transactions

  async getTransactionById(txid: string, options: ReadOptions = {}): Promise<TransactionJson | null> {
    const json = await this.http.post(prefix(options), 'gettransactionbyid', { value: txIdArg(txid) });
    return isEmptyObject(json) ? null : parse.transaction(json, 'gettransactionbyid');
  }

  /** `null` until the transaction is in a block (or, with `solidity`, confirmed). */
  async getTransactionInfoById(txid: string, options: ReadOptions = {}): Promise<TransactionInfo | null> {
    const json = await this.http.post(prefix(options), 'gettransactioninfobyid', { value: txIdArg(txid) });
    return parse.transactionInfo(json, 'gettransactioninfobyid');
  }

  /**
   * The TransactionInfo of every transaction in block `num`, in block order (java-tron's
   * GetTransactionInfoByBlockNumServlet prints a JSON array; `[]` for a block without
   * transactions, or with `solidity` for one not confirmed yet).
   */
  async getTransactionInfoByBlockNum(num: number, options: ReadOptions = {}): Promise<TransactionInfo[]> {
    const endpoint = 'gettransactioninfobyblocknum';
    const json = await this.http.post(prefix(options), endpoint, {
      num: integer(num, 'num', 1, Number.MAX_SAFE_INTEGER),
    });
    if (!Array.isArray(json)) throw badResponse(endpoint, 'the answer is not a list');
    return json.map((item) => {
      const info = parse.transactionInfo(item, endpoint);
      if (info === null) throw badResponse(endpoint, 'an entry of the list is empty');
      return info;
    });
  }

  /**
   * How much weight the signatures carry for the transaction's permission (TransactionUtil.getTransactionSignWeight).
   * ENOUGH_PERMISSION (printed as `"result":{}`) and NOT_ENOUGH_PERMISSION are answers; the other codes are thrown
   * as SignatureCheckError with the node's message.
   */
  async getSignWeight(transaction: TransactionJson): Promise<SignWeight> {
    const endpoint = 'getsignweight';
    if (!isObject(transaction)) throw badArgument('transaction', 'a transaction object');
    const json = asObject(await this.http.post('wallet', endpoint, transaction), endpoint);
    const result = child(json, 'result', endpoint);
    const code = result.code === undefined ? 'ENOUGH_PERMISSION' : result.code;
    const message = str(result, 'message', endpoint);
    if (code !== 'ENOUGH_PERMISSION' && code !== 'NOT_ENOUGH_PERMISSION') {
      throw signatureCheckError(NodeClientErrorCode.SIGN_WEIGHT_FAILED, endpoint, String(code), message);
    }
    return {
      result: { code, message },
      permission: json.permission === undefined ? undefined : parse.permission(json.permission, endpoint),
      approved_list: approvedList(json, endpoint),
      current_weight: big(json, 'current_weight', endpoint),
      transaction: extension(json, endpoint),
    };
  }

  /**
   * Addresses whose signatures are on the transaction (Wallet.getTransactionApprovedList); SUCCESS prints as
   * `"result":{}`.
   */
  async getApprovedList(transaction: TransactionJson): Promise<ApprovedList> {
    const endpoint = 'getapprovedlist';
    if (!isObject(transaction)) throw badArgument('transaction', 'a transaction object');
    const json = asObject(await this.http.post('wallet', endpoint, transaction), endpoint);
    const result = child(json, 'result', endpoint);
    const code = result.code === undefined ? 'SUCCESS' : result.code;
    if (code !== 'SUCCESS') {
      throw signatureCheckError(
        NodeClientErrorCode.APPROVED_LIST_FAILED,
        endpoint,
        String(code),
        str(result, 'message', endpoint),
      );
    }
    return { approved_list: approvedList(json, endpoint), transaction: extension(json, endpoint) };
  }

  // -------------------------------------------------------------------------------------------
  // Blocks

  async getNowBlock(options: ReadOptions = {}): Promise<Block> {
    const found = parse.block(await this.http.post(prefix(options), 'getnowblock'), 'getnowblock');
    if (found === null) throw badResponse('getnowblock', 'the node has no block yet');
    return found;
  }

  /** `/wallet/getblock`: by number or id, or the head block when `id_or_num` is omitted. */
  async getBlock(request: { id_or_num?: string | number; detail?: boolean } = {}): Promise<Block | null> {
    const idOrNum = request.id_or_num;
    let value: string | undefined;
    if (typeof idOrNum === 'number') value = String(integer(idOrNum, 'id_or_num', 0, Number.MAX_SAFE_INTEGER));
    else if (idOrNum !== undefined) value = /^\d+$/.test(String(idOrNum)) ? String(idOrNum) : blockIdArg(idOrNum);
    const json = await this.http.post('wallet', 'getblock', {
      id_or_num: value,
      detail: booleanArg(request.detail, 'detail') ?? false,
    });
    return parse.block(json, 'getblock');
  }

  async getBlockByNum(num: number, options: ReadOptions = {}): Promise<Block | null> {
    const json = await this.http.post(prefix(options), 'getblockbynum', {
      num: integer(num, 'num', 0, Number.MAX_SAFE_INTEGER),
    });
    return parse.block(json, 'getblockbynum');
  }

  async getBlockById(blockId: string): Promise<Block | null> {
    return parse.block(await this.http.post('wallet', 'getblockbyid', { value: blockIdArg(blockId) }), 'getblockbyid');
  }

  /** Blocks `startNum` … `endNum − 1` (java-tron serves at most 100 per call). */
  async getBlockByLimitNext(startNum: number, endNum: number): Promise<Block[]> {
    const start = integer(startNum, 'startNum', 0, Number.MAX_SAFE_INTEGER);
    const end = integer(endNum, 'endNum', start + 1, start + 100);
    const json = asObject(
      await this.http.post('wallet', 'getblockbylimitnext', { startNum: start, endNum: end }),
      'getblockbylimitnext',
    );
    return list(json, 'block', 'getblockbylimitnext')
      .map((item) => parse.block(item, 'getblockbylimitnext'))
      .filter((b): b is Block => b !== null);
  }

  /**
   * The latest block's header without its transactions: `/wallet/getblock {"detail":false}` as
   * TronWeb does (falls back to getnowblock on nodes without getblock), or the latest confirmed
   * block from `/walletsolidity/getnowblock`.
   */
  async getNowBlockHeader(options: ReadOptions = {}): Promise<BlockHeaderRaw & { blockID: string }> {
    let found: Block | null;
    if (options.solidity) {
      found = await this.getNowBlock({ solidity: true });
    } else {
      try {
        found = await this.getBlock({ detail: false });
      } catch (error) {
        if (!endpointMissing(error)) throw error;
        found = await this.getNowBlock();
      }
    }
    if (found === null) throw badResponse('getblock', 'the node has no block yet');
    return { blockID: found.blockID, ...found.block_header.raw_data };
  }

  /**
   * Number, id and timestamp of the latest block, for TAPOS (ref_block_bytes/hash) and expiration.
   * java-tron's own builders take expiration from the head block's time (Wallet.createTransactionCapsule): when using
   * the solidified block as reference, do not base expiration on its (older) timestamp.
   */
  async getRefBlock(options: ReadOptions = {}): Promise<BlockRef> {
    const header = await this.getNowBlockHeader(options);
    if (header.number <= 0 || header.timestamp <= 0)
      throw badResponse('getblock', 'the latest block has no number or timestamp');
    return { number: header.number, blockId: header.blockID, timestamp: header.timestamp };
  }

  /** blockID of block 0; compare with `NETWORKS[…].genesisBlockId` to know which chain this is. */
  async getGenesisBlockId(): Promise<string> {
    const genesis = await this.getBlockByNum(0);
    if (genesis === null) throw badResponse('getblockbynum', 'block 0 is missing');
    return genesis.blockID;
  }

  // -------------------------------------------------------------------------------------------
  // Contracts

  async getContract(contractAddress: string): Promise<SmartContract | null> {
    const json = await this.http.post('wallet', 'getcontract', {
      value: addressArg(contractAddress, 'contract_address'),
    });
    return parse.smartContract(json, 'getcontract');
  }

  async getContractInfo(contractAddress: string): Promise<ContractInfo | null> {
    const json = await this.http.post('wallet', 'getcontractinfo', {
      value: addressArg(contractAddress, 'contract_address'),
    });
    return parse.contractInfo(json, 'getcontractinfo');
  }

  // -------------------------------------------------------------------------------------------
  // Chain and node

  /** `{"chainParameter":[{"key":"getEnergyFee","value":210},…]}`; a missing value is 0 (JsonFormat omits defaults). */
  async getChainParameters(): Promise<ChainParameters> {
    const endpoint = 'getchainparameters';
    const json = asObject(await this.http.post('wallet', endpoint), endpoint);
    const out: Record<string, bigint> = {};
    for (const entry of objects(json, 'chainParameter', endpoint)) {
      const key = str(entry, 'key', endpoint);
      if (key === '') throw badResponse(endpoint, 'a chain parameter has no key');
      Object.defineProperty(out, key, { value: big(entry, 'value', endpoint), enumerable: true });
    }
    return out;
  }

  async listWitnesses(): Promise<Witness[]> {
    const json = asObject(await this.http.post('wallet', 'listwitnesses'), 'listwitnesses');
    return list(json, 'witnesses', 'listwitnesses').map((w) => parse.witness(w, 'listwitnesses'));
  }

  async getNodeInfo(): Promise<NodeInfo> {
    return parse.nodeInfo(await this.http.post('wallet', 'getnodeinfo'), 'getnodeinfo');
  }

  async getEnergyPrices(): Promise<PriceStep[]> {
    return parse.prices(await this.http.post('wallet', 'getenergyprices'), 'getenergyprices');
  }

  async getBandwidthPrices(): Promise<PriceStep[]> {
    return parse.prices(await this.http.post('wallet', 'getbandwidthprices'), 'getbandwidthprices');
  }

  // -------------------------------------------------------------------------------------------
  // Stake 2.0 and rewards

  async getDelegatedResourceV2(
    fromAddress: string,
    toAddress: string,
    options: ReadOptions = {},
  ): Promise<DelegatedResource[]> {
    const endpoint = 'getdelegatedresourcev2';
    const body = { fromAddress: addressArg(fromAddress, 'fromAddress'), toAddress: addressArg(toAddress, 'toAddress') };
    const json = asObject(await this.http.post(prefix(options), endpoint, body), endpoint);
    return list(json, 'delegatedResource', endpoint).map((d) => parse.delegatedResource(d, endpoint));
  }

  async getDelegatedResourceAccountIndexV2(
    addressText: string,
    options: ReadOptions = {},
  ): Promise<DelegatedResourceAccountIndex | null> {
    const json = await this.http.post(prefix(options), 'getdelegatedresourceaccountindexv2', {
      value: addressArg(addressText, 'address'),
    });
    return parse.delegatedResourceAccountIndex(json, 'getdelegatedresourceaccountindexv2');
  }

  /** Largest amount (sun) the owner can still delegate of this resource. */
  async getCanDelegatedMaxSize(
    ownerAddress: string,
    resource: 'BANDWIDTH' | 'ENERGY',
    options: ReadOptions = {},
  ): Promise<bigint> {
    const type = resourceArg(resource, 'resource', false) === 'ENERGY' ? 1 : 0;
    const body = { owner_address: addressArg(ownerAddress, 'owner_address'), type };
    const json = asObject(
      await this.http.post(prefix(options), 'getcandelegatedmaxsize', body),
      'getcandelegatedmaxsize',
    );
    return big(json, 'max_size', 'getcandelegatedmaxsize');
  }

  /** How many more unfreeze operations the owner may start (java-tron allows 32 pending). */
  async getAvailableUnfreezeCount(ownerAddress: string, options: ReadOptions = {}): Promise<number> {
    const json = asObject(
      await this.http.post(prefix(options), 'getavailableunfreezecount', {
        owner_address: addressArg(ownerAddress, 'owner_address'),
      }),
      'getavailableunfreezecount',
    );
    return int(json, 'count', 'getavailableunfreezecount');
  }

  /** Sun withdrawable at `timestampMs` (pass the current time, or a future one to plan). */
  async getCanWithdrawUnfreezeAmount(
    ownerAddress: string,
    timestampMs: number,
    options: ReadOptions = {},
  ): Promise<bigint> {
    const body = {
      owner_address: addressArg(ownerAddress, 'owner_address'),
      timestamp: integer(timestampMs, 'timestamp', 0, Number.MAX_SAFE_INTEGER),
    };
    const json = asObject(
      await this.http.post(prefix(options), 'getcanwithdrawunfreezeamount', body),
      'getcanwithdrawunfreezeamount',
    );
    return big(json, 'amount', 'getcanwithdrawunfreezeamount');
  }

  /** Unclaimed voting reward in sun. */
  async getReward(addressText: string, options: ReadOptions = {}): Promise<bigint> {
    const json = asObject(
      await this.http.post(prefix(options), 'getReward', { address: addressArg(addressText, 'address') }),
      'getReward',
    );
    return big(json, 'reward', 'getReward');
  }

  /** A super representative's brokerage in percent. */
  async getBrokerage(addressText: string, options: ReadOptions = {}): Promise<number> {
    const json = asObject(
      await this.http.post(prefix(options), 'getBrokerage', { address: addressArg(addressText, 'address') }),
      'getBrokerage',
    );
    return int(json, 'brokerage', 'getBrokerage');
  }

  // -------------------------------------------------------------------------------------------
  // TRC-10

  async getAssetIssueById(tokenId: string): Promise<AssetIssue | null> {
    if (typeof tokenId !== 'string' || !/^\d+$/.test(tokenId))
      throw badArgument('tokenId', 'the decimal id of a TRC-10 token');
    const json = await this.http.post('wallet', 'getassetissuebyid', { value: tokenId });
    return isEmptyObject(json) ? null : parse.assetIssue(json, 'getassetissuebyid');
  }

  async getAssetIssueList(): Promise<AssetIssue[]> {
    const json = asObject(await this.http.post('wallet', 'getassetissuelist'), 'getassetissuelist');
    return list(json, 'assetIssue', 'getassetissuelist').map((a) => parse.assetIssue(a, 'getassetissuelist'));
  }

  // -------------------------------------------------------------------------------------------

  /** A builder method for an endpoint of builder-endpoints.ts. */
  private endpoint<R extends BuilderOptions>(
    spec: BuilderEndpoint<R>,
  ): (request: R) => Promise<UnsignedTransactionJson> {
    return async (request) => this.build(spec.endpoint, request, endpointFields(spec, request));
  }

  private async build(
    endpoint: string,
    options: { Permission_id?: number },
    fields: Record<string, unknown>,
  ): Promise<UnsignedTransactionJson> {
    const body = { ...fields, Permission_id: permissionIdArg(options) };
    return parse.builtTransaction(await this.http.post('wallet', endpoint, body), endpoint);
  }

  /** Fields shared by triggersmartcontract, triggerconstantcontract and estimateenergy. */
  private callFields(request: ConstantContractRequest, contractRequired: boolean): Record<string, unknown> {
    if (typeof request !== 'object' || request === null) throw badArgument('request', 'an object');
    // java-tron refuses an empty owner_address on all three endpoints (Util.validateParameter).
    const owner = addressArg(request.owner_address, 'owner_address');
    const contract =
      request.contract_address === undefined && !contractRequired
        ? undefined
        : addressArg(request.contract_address, 'contract_address');
    if (request.function_selector !== undefined && request.data !== undefined) {
      throw badArgument('function_selector', 'left out when data is given (the node refuses both)');
    }
    return {
      owner_address: owner,
      contract_address: contract,
      function_selector: stringArg(request.function_selector, 'function_selector'),
      parameter: optionalHexArg(request.parameter, 'parameter'),
      data: optionalHexArg(request.data, 'data'),
      call_value: optionalUint64(request.call_value, 'call_value'),
      call_token_value: optionalUint64(request.call_token_value, 'call_token_value'),
      token_id: optionalUint64(request.token_id, 'token_id'),
    };
  }
}

function prefix(options: ReadOptions): ApiPrefix {
  return options.solidity === true ? 'walletsolidity' : 'wallet';
}

function badArgument(field: string, expectation: string): ValidationError {
  return new ValidationError(NodeClientErrorCode.CLIENT_BAD_ARGUMENT, `${field} must be ${expectation}.`, { field });
}

function txidOf(json: JsonObject, endpoint: string): TxId {
  const txid = json.txid;
  if (typeof txid !== 'string' || !/^[0-9a-fA-F]{64}$/.test(txid)) throw badResponse(endpoint, 'the txid is missing');
  return txid.toLowerCase() as TxId;
}

const BROADCAST_ADVICE: Readonly<Record<string, string>> = {
  SIGERROR: 'the signatures do not satisfy the signing permission; check signers, weights and Permission_id',
  TAPOS_ERROR: "its reference block is not on the node's chain; build it again from a recent block",
  TRANSACTION_EXPIRATION_ERROR: 'it has expired or expires too far ahead; build and sign it again',
  BANDWITH_ERROR: 'the account has too little bandwidth or TRX for the fee',
  DUP_TRANSACTION_ERROR: 'the node already has this transaction; check its status instead of resending',
  CONTRACT_VALIDATE_ERROR: 'the chain refused the operation itself',
  CONTRACT_EXE_ERROR: 'the operation failed while executing',
  TOO_BIG_TRANSACTION_ERROR: 'the transaction is larger than the chain allows',
  SERVER_BUSY: 'the node is busy; try again shortly',
  NO_CONNECTION: 'the node has no peers to pass it on to; try another node',
  NOT_ENOUGH_EFFECTIVE_CONNECTION: 'the node has too few peers to pass it on; try another node',
  BLOCK_UNSOLIDIFIED: 'the chain is not confirming blocks right now; try again later',
};

function broadcastError(code: string, message: string, txid: string | undefined): BroadcastError {
  const advice = BROADCAST_ADVICE[code] ?? 'see the node message';
  const said = message.trim().replace(/[.\s]+$/, '');
  return new BroadcastError(
    NodeClientErrorCode.BROADCAST_FAILED,
    `The node rejected the transaction with ${code}${said ? ` ("${said}")` : ''}: ${advice}.`,
    { nodeCode: code, nodeMessage: message, ...(txid !== undefined ? { txid } : {}) },
  );
}

function contractCallError(endpoint: string, code: string, message: string): ContractCallError {
  const said = message.trim().replace(/[.\s]+$/, '');
  return new ContractCallError(
    NodeClientErrorCode.CONTRACT_CALL_FAILED,
    `The node could not run ${endpoint} (${code}): ${said || 'no reason given'}.`,
    { endpoint, nodeCode: code, nodeMessage: message },
  );
}

/**
 * trigger/constant/estimate answer `{"result":{"result":true},…}` or, on failure,
 * `{"result":{"code":"CONTRACT_VALIDATE_ERROR","message":"<hex>"}}` (TriggerSmartContractServlet).
 */
function contractCallAnswer(value: unknown, endpoint: string): JsonObject {
  const json = asObject(value, endpoint);
  const result = child(json, 'result', endpoint);
  const code = result.code;
  if (result.result === true && (code === undefined || code === 'SUCCESS')) return json;
  const message = decodeHexText(str(result, 'message', endpoint));
  throw contractCallError(endpoint, typeof code === 'string' ? code : 'OTHER_ERROR', message);
}

/**
 * Wallet.estimateEnergy: "this node does not support estimate energy" (and "…so estimate energy cannot work"); or no
 * such endpoint.
 */
function estimationUnsupported(error: unknown): boolean {
  if (error instanceof ContractCallError) {
    return /does not support estimate energy|estimate energy cannot work/i.test(error.nodeMessage ?? '');
  }
  return endpointMissing(error);
}

function endpointMissing(error: unknown): boolean {
  if (!(error instanceof NetworkError) || error.code !== NodeClientErrorCode.NETWORK_HTTP_STATUS) return false;
  const status = error.details?.status;
  return status === 404 || status === 405;
}

function signatureCheckError(code: string, endpoint: string, nodeCode: string, message: string): SignatureCheckError {
  const said = message.trim().replace(/[.\s!]+$/, '');
  return new SignatureCheckError(
    code,
    `The node could not check the transaction's signatures (${nodeCode}): ${said || 'no reason given'}.`,
    {
      endpoint,
      nodeCode,
      nodeMessage: message,
    },
  );
}

function approvedList(json: JsonObject, endpoint: string): HexAddress[] {
  return list(json, 'approved_list', endpoint).map((item) => addressOf(item, endpoint, 'approved_list'));
}

function extension(json: JsonObject, endpoint: string): { txid: string; transaction: TransactionJson | undefined } {
  const ext = child(json, 'transaction', endpoint);
  return {
    txid: str(ext, 'txid', endpoint).toLowerCase(),
    transaction: ext.transaction === undefined ? undefined : parse.transaction(ext.transaction, endpoint),
  };
}
