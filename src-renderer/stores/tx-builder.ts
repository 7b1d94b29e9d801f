import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { parseAbi } from '../../src-core/abi/fragments';
import { formatUnits } from '../../src-core/units';
import type { AbiParamView, ContractView } from '../../src-core/ipc/channels/contracts';
import type {
  EstimateView,
  PermissionChoiceView,
  PreparedTxView,
  SimulationView,
  TxKind,
} from '../../src-core/ipc/channels/tx';
import { CONTRACT_KINDS } from '../../src-core/ipc/channels/tx';
import { api } from '../api/bridge';
import { checkForm, defaultValues, KIND_FORMS, type FormValues, type VoteRow } from '../forms/tx-form';
import { checkAbiText, checkAddress, checkTokenId } from '../forms/tx-fields';
import { cosignWindowMinutes, rememberCosignWindow, SOLO_WINDOW_MINUTES } from '../forms/signing-window';
import { fieldErrors } from '../errors/error-view';
import { holdingFor, type Holding } from '../forms/holdings';
import { useAccountsStore } from './accounts';

type Busy = 'permissions' | 'estimate' | 'build' | 'simulate' | 'sign' | 'broadcast' | null;

/**
 * The transaction builder: the form of one kind, its checks as the person types, the permission
 * the chooser picked, the energy estimate, and the built transaction with its cost and
 * simulation until it is signed and broadcast.
 */
export const useTxBuilderStore = defineStore('txBuilder', () => {
  const kind = ref<TxKind>('trx-transfer');
  const owner = ref('');
  const values = ref<FormValues>(defaultValues('trx-transfer'));
  const args = ref<string[]>([]);
  const votes = ref<VoteRow[]>([{ representative: '', count: '' }]);
  /** The window as typed; null until the person changes it (then the default below applies). */
  const typedWindow = ref<string | null>(null);
  const rememberedWindow = ref(cosignWindowMinutes());
  const touched = ref<Set<string>>(new Set());
  const submitted = ref(false);

  /** Main's one answer to who signs: the panel, the selector and the build all read it. */
  const permission = ref<PermissionChoiceView | null>(null);
  /** The permission the person chose (main remembers it per account); null while the chooser's rule decides. */
  const permissionOverride = computed(() => (permission.value?.picked ? permission.value.permissionId : null));
  const permissionError = ref<unknown>(null);
  const estimate = ref<EstimateView | null>(null);
  const prepared = ref<PreparedTxView | null>(null);
  const simulation = ref<SimulationView | null>(null);
  const error = ref<unknown>(null);
  const busy = ref<Busy>(null);

  // What the chain says about the fields: token decimals, the contract's functions.
  const token = ref<{ key: string; decimals: number; symbol: string } | null>(null);
  const tokenError = ref<string | null>(null);
  const contract = ref<ContractView | null>(null);
  const contractError = ref<unknown>(null);
  const maxLockBlocks = ref<bigint | undefined>(864_000n);
  /** The watched TRC20 balances of the vault's accounts (tokens:balances), read with the token. */
  const tokenBalances = ref<readonly { account: string; token: string; balance: bigint | null }[]>([]);
  const accounts = useAccountsStore();

  const form = computed(() => KIND_FORMS[kind.value]);

  /** The permission that will sign: the one picked by hand, else the chooser's (main's answer holds either). */
  const signingCandidate = computed(() => {
    const id = permission.value?.permissionId ?? null;
    return id === null ? null : (permission.value?.candidates.find((c) => c.id === id) ?? null);
  });
  /** The vault's keys alone do not reach the threshold: others sign later, so the window is long. */
  const needsCosigning = computed(() => signingCandidate.value !== null && !signingCandidate.value.reachableAlone);
  const expirationMinutes = computed({
    get: () => typedWindow.value ?? (needsCosigning.value ? rememberedWindow.value : SOLO_WINDOW_MINUTES),
    set: (text: string) => (typedWindow.value = text),
  });

  /** What the sending account has of the asset the amount field spends (Max, the balance line, the refusal). */
  const holding = computed<Holding | null>(() => {
    const account = accounts.snapshot?.accounts.find((a) => a.address === owner.value)?.chain ?? null;
    if (!account) return null;
    let tokenHolding = null;
    if (token.value && kind.value === 'trc20-transfer') {
      const read = tokenBalances.value.find((b) => b.account === owner.value && b.token === token.value?.key);
      tokenHolding = { ...token.value, balance: read ? read.balance : null };
    } else if (token.value && kind.value === 'trc10-transfer') {
      const held = account.trc10?.find((t) => t.tokenId === token.value?.key)?.amount ?? 0n;
      tokenHolding = { ...token.value, balance: held };
    }
    const threshold = signingCandidate.value?.threshold ?? 1n;
    return holdingFor(kind.value, account, {
      resource: String(values.value.resource ?? 'BANDWIDTH'),
      token: tokenHolding,
      memo: String(values.value.memo ?? ''),
      // A rough count of signatures for the bandwidth reserve: weight-1 keys sign up to the threshold.
      signatures: threshold > 5n ? 5 : Number(threshold),
    });
  });
  const holdings = computed<Record<string, Holding>>(() => {
    const out: Record<string, Holding> = {};
    if (holding.value) out.amount = holding.value;
    return out;
  });

  /** Puts the largest amount the account can send into the amount field (fees kept aside for TRX). */
  function fillMax(): void {
    const h = holding.value;
    if (!h) return;
    setValue('amount', formatUnits(h.max, h.decimals));
    touch('amount');
  }

  const argInputs = computed<AbiParamView[]>(() => {
    if (kind.value === 'deploy') {
      const abi = checkAbiText(String(values.value.abi ?? ''));
      if (!abi.ok) return [];
      try {
        return (parseAbi(abi.value).constructorFragment?.inputs ?? []).map((p) => ({
          name: p.name,
          type: p.type.canonical,
        }));
      } catch {
        return [];
      }
    }
    if (kind.value === 'call') {
      const fn = callFunctions.value.find((f) => f.signature === values.value.function);
      return fn ? fn.inputs : [];
    }
    return [];
  });

  /** The functions a call may pick: from a pasted ABI, else from the ABI stored on chain. */
  const callFunctions = computed<{ signature: string; stateMutability: string; inputs: AbiParamView[] }[]>(() => {
    const pasted = String(values.value.abi ?? '');
    if (kind.value === 'call' && pasted.trim() !== '') {
      const abi = checkAbiText(pasted);
      if (!abi.ok) return [];
      try {
        return parseAbi(abi.value).functions.map((f) => ({
          signature: f.signature,
          stateMutability: f.stateMutability,
          inputs: f.inputs.map((p) => ({ name: p.name, type: p.type.canonical })),
        }));
      } catch {
        return [];
      }
    }
    return contract.value?.functions ?? [];
  });

  const check = computed(() =>
    checkForm(
      kind.value,
      owner.value,
      values.value,
      {
        ...(token.value ? { tokenDecimals: token.value.decimals, tokenSymbol: token.value.symbol } : {}),
        argInputs: argInputs.value,
        ...(maxLockBlocks.value !== undefined ? { maxLockBlocks: maxLockBlocks.value } : {}),
        holdings: holdings.value,
      },
      {
        args: args.value,
        votes: votes.value,
        expirationMinutes: expirationMinutes.value,
        permissionId: permissionOverride.value,
      },
    ),
  );

  /** Errors to show: for fields touched or filled, and all of them after a review attempt. */
  const visibleErrors = computed<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    // A field main refused (`amountSun`, `feeLimitSun`, `expirationMs`) is marked on the form's field.
    for (const [path, message] of Object.entries(fieldErrors(error.value)))
      out[path.split('.')[0]!.replace(/(Sun|Ms)$/, '')] = message;
    for (const [key, message] of Object.entries(check.value.errors)) {
      const root = key.split('.')[0]!;
      const filled = typeof values.value[key] === 'string' && values.value[key] !== '';
      if (submitted.value || touched.value.has(key) || touched.value.has(root) || filled) out[key] = message;
    }
    return out;
  });

  /** The chooser found no permission: nothing can be built. */
  const blocked = computed(() => permission.value !== null && permission.value.permissionId === null);
  const runsCode = computed(() => CONTRACT_KINDS.includes(kind.value));

  function touch(key: string): void {
    if (touched.value.has(key)) return;
    touched.value = new Set([...touched.value, key]);
  }

  function invalidate(): void {
    prepared.value = null;
    simulation.value = null;
    error.value = null;
  }

  function setKind(next: TxKind): void {
    kind.value = next;
    values.value = defaultValues(next);
    args.value = [];
    votes.value = [{ representative: '', count: '' }];
    touched.value = new Set();
    submitted.value = false;
    typedWindow.value = null;
    estimate.value = null;
    token.value = null;
    tokenError.value = null;
    contract.value = null;
    contractError.value = null;
    invalidate();
  }

  function setValue(key: string, value: string | boolean): void {
    values.value = { ...values.value, [key]: value };
    invalidate();
    if (key === 'feeLimit') return;
    if (runsCode.value) estimate.value = null;
  }

  function setArg(index: number, value: string): void {
    const next = [...args.value];
    next[index] = value;
    args.value = next;
    touch(`args.${index}`);
    invalidate();
    estimate.value = null;
  }

  async function loadPermissions(): Promise<void> {
    permission.value = null;
    permissionError.value = null;
    if (!checkAddress(owner.value).ok) return;
    const asked = { owner: owner.value, kind: kind.value };
    busy.value = 'permissions';
    try {
      const answer = await api.tx.permissions(asked);
      if (asked.owner === owner.value && asked.kind === kind.value) permission.value = answer;
    } catch (caught) {
      permissionError.value = caught;
    } finally {
      if (busy.value === 'permissions') busy.value = null;
    }
  }

  /** The person chose who signs (null: back to the chooser's rule); main remembers it and answers anew. */
  async function pickSigner(permissionId: number | null): Promise<void> {
    if (!checkAddress(owner.value).ok) return;
    const asked = { owner: owner.value, kind: kind.value, permissionId };
    invalidate();
    busy.value = 'permissions';
    try {
      const answer = await api.tx.pickSigner(asked);
      if (asked.owner === owner.value && asked.kind === kind.value) permission.value = answer;
    } catch (caught) {
      error.value = caught;
    } finally {
      if (busy.value === 'permissions') busy.value = null;
    }
  }

  async function loadToken(): Promise<void> {
    const key =
      kind.value === 'trc20-transfer'
        ? String(values.value.token ?? '')
        : kind.value === 'trc10-transfer'
          ? String(values.value.tokenId ?? '')
          : '';
    if (token.value?.key === key) return;
    token.value = null;
    tokenError.value = null;
    try {
      if (kind.value === 'trc20-transfer' && checkAddress(key).ok) {
        const info = await api.tokens.inspect({ address: key });
        token.value = { key, decimals: info.decimals, symbol: info.symbol };
        void loadTokenBalances();
      } else if (kind.value === 'trc10-transfer' && checkTokenId(key).ok) {
        const info = await api.tokens.trc10({ tokenId: key });
        token.value = { key, decimals: info.precision, symbol: info.abbr || info.name };
      }
    } catch (caught) {
      tokenError.value = caught instanceof Error ? caught.message : 'The token could not be read.';
    }
  }

  /** A watched token's balance shows next to the amount; an unwatched one simply has none. */
  async function loadTokenBalances(): Promise<void> {
    try {
      tokenBalances.value = (await api.tokens.balances()).balances;
    } catch {
      tokenBalances.value = [];
    }
  }

  async function loadContract(): Promise<void> {
    const address = String(values.value.contract ?? '');
    contract.value = null;
    contractError.value = null;
    if (kind.value !== 'call' || !checkAddress(address).ok) return;
    try {
      contract.value = await api.contracts.load({ address });
    } catch (caught) {
      contractError.value = caught;
    }
  }

  async function runEstimate(): Promise<void> {
    submitted.value = true;
    const request = check.value.request;
    if (!request) return;
    busy.value = 'estimate';
    error.value = null;
    try {
      estimate.value = await api.tx.estimate(request);
    } catch (caught) {
      error.value = caught;
    } finally {
      busy.value = null;
    }
  }

  /** Builds the transaction and simulates it: everything shown before anything is signed. */
  async function review(): Promise<void> {
    submitted.value = true;
    const request = check.value.request;
    if (!request || blocked.value) return;
    busy.value = 'build';
    error.value = null;
    simulation.value = null;
    try {
      prepared.value = await api.tx.build(request);
      if (prepared.value.estimate) estimate.value = prepared.value.estimate;
      busy.value = 'simulate';
      simulation.value = await api.tx.simulate({ txid: prepared.value.txid });
    } catch (caught) {
      error.value = caught;
    } finally {
      busy.value = null;
    }
  }

  async function sign(): Promise<void> {
    if (!prepared.value) return;
    busy.value = 'sign';
    error.value = null;
    try {
      prepared.value = await api.tx.sign({ txid: prepared.value.txid });
      if (prepared.value.state === 'cosigning') {
        rememberCosignWindow(expirationMinutes.value);
        rememberedWindow.value = cosignWindowMinutes();
      }
    } catch (caught) {
      error.value = caught;
    } finally {
      busy.value = null;
    }
  }

  /** Broadcasts; resolves with the txid to follow, or null when it failed (see `error`). */
  async function broadcast(): Promise<string | null> {
    if (!prepared.value) return null;
    busy.value = 'broadcast';
    error.value = null;
    try {
      const track = await api.tx.broadcast({ txid: prepared.value.txid });
      return track.txid;
    } catch (caught) {
      error.value = caught;
      return null;
    } finally {
      busy.value = null;
    }
  }

  // The chooser answers for the owner and the kind; ask again when either changes.
  watch([owner, kind], () => {
    invalidate();
    void loadPermissions();
  });

  return {
    kind,
    owner,
    values,
    args,
    votes,
    expirationMinutes,
    needsCosigning,
    permissionOverride,
    touched,
    submitted,
    permission,
    permissionError,
    estimate,
    prepared,
    simulation,
    error,
    busy,
    token,
    tokenError,
    contract,
    contractError,
    maxLockBlocks,
    holding,
    fillMax,
    form,
    argInputs,
    callFunctions,
    check,
    visibleErrors,
    blocked,
    runsCode,
    touch,
    invalidate,
    setKind,
    setValue,
    setArg,
    loadPermissions,
    pickSigner,
    loadToken,
    loadContract,
    runEstimate,
    review,
    sign,
    broadcast,
  };
});
