import { z } from 'zod';
import { serializeError, WalletError } from '../../src-core/errors';
import type { ChannelArgsOf, ChannelMap, ChannelReturnOf } from '../../src-core/ipc/define';
import { IpcError, IpcErrorCode } from '../../src-core/ipc/errors';
import { errorResult, okResult, type IpcResult } from '../../src-core/ipc/result';
import { summarizeIssues, validationErrorFrom } from '../../src-core/ipc/validation';
import type { Logger } from './logger';
import type { SenderInfo } from './sender';

export interface CallContext {
  readonly channel: string;
  readonly sender: SenderInfo;
}

export type Handler<C extends ChannelMap, K extends keyof C> = (
  args: ChannelArgsOf<C, K>,
  context: CallContext,
) => ChannelReturnOf<C, K> | Promise<ChannelReturnOf<C, K>>;

/** One handler per channel: a map that misses a channel of `C` does not compile. */
export type HandlerMap<C extends ChannelMap> = { readonly [K in keyof C & string]: Handler<C, K> };

export interface IpcRegistry {
  readonly channelNames: readonly string[];
  /** Runs one call end to end; never throws, always answers with an `IpcResult`. */
  call(channel: string, args: unknown, sender: SenderInfo): Promise<IpcResult<unknown>>;
}

export interface RegistryOptions<C extends ChannelMap> {
  readonly channels: C;
  readonly handlers: HandlerMap<C>;
  readonly isTrustedSender: (sender: SenderInfo) => boolean;
  readonly log: Logger;
  /** Short id tying a user-visible INTERNAL error to its log line. */
  readonly incidentId?: () => string;
}

export function createIpcRegistry<C extends ChannelMap>(options: RegistryOptions<C>): IpcRegistry {
  const { channels, handlers, log } = options;
  const specs = new Map(Object.entries(channels));
  const missing = [...specs.keys()].filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
  const extra = Object.keys(handlers).filter((name) => !specs.has(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new TypeError(
      `IPC handlers do not match the contract (missing: ${missing.join(', ') || 'none'}; unknown: ` +
        `${extra.join(', ') || 'none'}).`,
    );
  }
  const incidentId = options.incidentId ?? (() => Math.random().toString(36).slice(2, 10));

  async function call(channel: string, args: unknown, sender: SenderInfo): Promise<IpcResult<unknown>> {
    const spec = specs.get(channel);
    if (!spec) {
      return errorResult(
        serializeError(
          new IpcError(
            IpcErrorCode.unknownChannel,
            `There is no IPC channel named ${JSON.stringify(String(channel)).slice(0, 80)}.`,
          ),
        ),
      );
    }
    if (!options.isTrustedSender(sender)) {
      // The URL is not secret and helps explain a refusal; arguments are never logged.
      log.warn('IPC call refused: untrusted sender', {
        channel,
        url: sender.url,
        isTopFrame: sender.isTopFrame,
        isAppWindow: sender.isAppWindow,
      });
      return errorResult(
        serializeError(
          new IpcError(
            IpcErrorCode.untrustedSender,
            `The call to ${channel} was refused because it did not come from the app's own window.`,
          ),
        ),
      );
    }
    const parsed = spec.input.safeParse(args);
    if (!parsed.success)
      return errorResult(serializeError(validationErrorFrom(parsed.error, `The request to ${channel}`)));

    let value: unknown;
    try {
      const handler = (handlers as Record<string, (args: unknown, context: CallContext) => unknown>)[channel]!;
      value = await handler(parsed.data, { channel, sender });
    } catch (error) {
      if (error instanceof WalletError && error.code !== IpcErrorCode.internal)
        return errorResult(serializeError(error));
      return errorResult(internal(channel, error, 'handler threw'));
    }
    // Parsing the result also drops fields the contract does not list, so nothing extra leaks out.
    const checked = (spec.output as z.ZodType).safeParse(value);
    if (!checked.success) return errorResult(internal(channel, checked.error, 'result does not match the contract'));
    return okResult(checked.data);
  }

  function internal(channel: string, error: unknown, what: string) {
    const id = incidentId();
    log.error(`IPC ${channel}: ${what}`, { incident: id, ...describeForLog(error) });
    return serializeError(
      new IpcError(
        IpcErrorCode.internal,
        `Something went wrong inside the app while handling ${channel} (incident ${id}). The details are in the log.`,
        { incident: id },
      ),
    );
  }

  return { channelNames: Object.freeze([...specs.keys()]), call };
}

/**
 * Class, code and stack frames only. Messages are left out on purpose: some runtime errors quote
 * their input (JSON.parse does), and that input may be a password or a mnemonic.
 */
function describeForLog(error: unknown): Record<string, unknown> {
  if (error instanceof z.ZodError) return { error: 'ZodError', issues: summarizeIssues(error) };
  if (error instanceof Error) {
    const frames = (error.stack ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('at '));
    return { error: error.name, ...(error instanceof WalletError ? { code: error.code } : {}), frames };
  }
  return { error: typeof error };
}
