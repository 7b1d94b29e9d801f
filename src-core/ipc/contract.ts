import { mergeDefinitions } from './define';
import type {
  ActionOf,
  ChannelInputOf,
  ChannelMap,
  ChannelResultOf,
  DomainOf,
  EventMap,
  EventPayloadOf,
} from './define';
import { accountsChannels, accountsEvents } from './channels/accounts';
import { appChannels } from './channels/app';
import { networkChannels } from './channels/network';
import { nodeChannels, nodeEvents } from './channels/node';
import { permissionsChannels } from './channels/permissions';
import { txChannels, txEvents } from './channels/tx';
import { contractsChannels } from './channels/contracts';
import { tokensChannels } from './channels/tokens';
import { vaultChannels, vaultEvents } from './channels/vault';
import { cosignChannels, cosignEvents } from './channels/cosign';
import { addressBookChannels } from './channels/address-book';
import { historyChannels, historyEvents } from './channels/history';
import { watchChannels, watchEvents } from './channels/watch';
import { forkChannels, forkEvents } from './channels/fork';
import { ledgerChannels } from './channels/ledger';
import { offlineChannels } from './channels/offline';
import { payoutsChannels, payoutsEvents } from './channels/payouts';
import { controlChannels } from './channels/control';
import { policyChannels } from './channels/policy';
// Registers IpcError for deserializeError wherever the contract is loaded.
import './errors';

/**
 * The IPC contract: the only thing main, preload and renderer share. To add a domain, write
 * `channels/<domain>.ts` with `defineChannels` / `defineEvents` and list it below; main then
 * fails to compile until a handler exists for every new channel.
 */
export const channels = mergeDefinitions(
  appChannels,
  vaultChannels,
  nodeChannels,
  networkChannels,
  accountsChannels,
  txChannels,
  contractsChannels,
  tokensChannels,
  permissionsChannels,
  cosignChannels,
  addressBookChannels,
  historyChannels,
  watchChannels,
  forkChannels,
  ledgerChannels,
  offlineChannels,
  payoutsChannels,
  controlChannels,
  policyChannels,
) satisfies ChannelMap;

export const events = mergeDefinitions(
  nodeEvents,
  txEvents,
  vaultEvents,
  accountsEvents,
  cosignEvents,
  watchEvents,
  forkEvents,
  historyEvents,
  payoutsEvents,
) satisfies EventMap;

export type Channels = typeof channels;
export type Events = typeof events;
export type ChannelName = keyof Channels & string;
export type EventName = keyof Events & string;

export const channelNames = Object.freeze(Object.keys(channels)) as readonly ChannelName[];
export const eventNames = Object.freeze(Object.keys(events)) as readonly EventName[];

export type EventPayload<K extends EventName> = EventPayloadOf<Events, K>;

/** A call signature without a parameter for channels whose input is `z.undefined()`. */
type Call<In, Out> = [In] extends [undefined]
  ? () => Promise<Out>
  : undefined extends In
    ? (args?: In) => Promise<Out>
    : (args: In) => Promise<Out>;

type ApiShape<C extends ChannelMap> = {
  readonly [D in DomainOf<keyof C & string>]: {
    readonly [A in ActionOf<keyof C & string, D>]: `${D}:${A}` extends keyof C
      ? Call<ChannelInputOf<C, `${D}:${A}`>, ChannelResultOf<C, `${D}:${A}`>>
      : never;
  };
};

export type Subscribe<E extends EventMap> = <K extends keyof E & string>(
  event: K,
  listener: (payload: EventPayloadOf<E, K>) => void,
) => () => void;

/** The renderer's view through `api/bridge.ts`: values, with errors rethrown as their classes. */
export type BridgeApiOf<C extends ChannelMap, E extends EventMap> = ApiShape<C> & {
  readonly on: Subscribe<E>;
};

export type BridgeApi = BridgeApiOf<Channels, Events>;
