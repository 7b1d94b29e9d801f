import type { z } from 'zod';

/**
 * Building blocks of the IPC contract. A channel is a request from the renderer to main with a
 * schema for its argument and one for its result; an event is a message from main to the
 * renderer with a schema for its payload. Names are `domain:action` so that the preload can
 * group them into `api.<domain>.<action>()`.
 */
export interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One sentence for readers of the contract; not shown to users. */
  readonly summary: string;
  /** The single argument. Use `z.undefined()` for channels that take none. */
  readonly input: I;
  readonly output: O;
}

export interface EventSpec<P extends z.ZodType = z.ZodType> {
  readonly summary: string;
  readonly payload: P;
}

export type QualifiedName = `${string}:${string}`;
export type ChannelMap = { readonly [name: QualifiedName]: ChannelSpec };
export type EventMap = { readonly [name: QualifiedName]: EventSpec };

type Qualified<D extends string, T> = { readonly [K in keyof T & string as `${D}:${K}`]: T[K] };

// Lower camel case, so that both parts are valid property names in `api.<domain>.<action>`.
const PART = /^[a-z][a-zA-Z0-9]*$/;
// `on` is the subscription function next to the domains on the exposed api.
const RESERVED_DOMAINS = new Set(['on']);

function checkPart(kind: string, part: string): void {
  if (!PART.test(part)) throw new TypeError(`IPC ${kind} "${part}" must be lower camel case (letters and digits).`);
}

function qualify<D extends string, S, T extends Record<string, S>>(kind: string, domain: D, specs: T): Qualified<D, T> {
  checkPart('domain', domain);
  if (RESERVED_DOMAINS.has(domain)) throw new TypeError(`IPC domain "${domain}" is reserved.`);
  const out: Record<string, S> = {};
  for (const [action, spec] of Object.entries(specs)) {
    checkPart(kind, action);
    out[`${domain}:${action}`] = spec;
  }
  return Object.freeze(out) as Qualified<D, T>;
}

/** The channels of one domain, keyed by action; the result is keyed by `domain:action`. */
export function defineChannels<const D extends string, const T extends Record<string, ChannelSpec>>(
  domain: D,
  channels: T,
): Qualified<D, T> {
  return qualify('action', domain, channels);
}

/** The events of one domain, keyed by event name; the result is keyed by `domain:name`. */
export function defineEvents<const D extends string, const T extends Record<string, EventSpec>>(
  domain: D,
  events: T,
): Qualified<D, T> {
  return qualify('event', domain, events);
}

type MergeAll<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & MergeAll<R>
  : unknown;

/** Joins domain maps into one; a name defined twice is a programming error. */
export function mergeDefinitions<const T extends readonly object[]>(...parts: T): MergeAll<T> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [name, spec] of Object.entries(part)) {
      if (Object.hasOwn(out, name)) throw new TypeError(`IPC name "${name}" is defined twice.`);
      out[name] = spec;
    }
  }
  return Object.freeze(out) as MergeAll<T>;
}

// Types derived from the schemas. "Input" is what a caller passes, "args" what a handler
// receives after parsing (defaults and transforms applied); the same split for results.
export type ChannelInputOf<C extends ChannelMap, K extends keyof C> =
  C[K] extends ChannelSpec<infer I, z.ZodType> ? z.input<I> : never;
export type ChannelArgsOf<C extends ChannelMap, K extends keyof C> =
  C[K] extends ChannelSpec<infer I, z.ZodType> ? z.output<I> : never;
export type ChannelReturnOf<C extends ChannelMap, K extends keyof C> =
  C[K] extends ChannelSpec<z.ZodType, infer O> ? z.input<O> : never;
export type ChannelResultOf<C extends ChannelMap, K extends keyof C> =
  C[K] extends ChannelSpec<z.ZodType, infer O> ? z.output<O> : never;
export type EventPayloadOf<E extends EventMap, K extends keyof E> =
  E[K] extends EventSpec<infer P> ? z.output<P> : never;

export type DomainOf<N> = N extends `${infer D}:${string}` ? D : never;
export type ActionOf<N, D extends string> = N extends `${D}:${infer A}` ? A : never;

/** Splits `domain:action`; names were checked by `defineChannels`. */
export function splitName(name: string): { domain: string; action: string } {
  const at = name.indexOf(':');
  return { domain: name.slice(0, at), action: name.slice(at + 1) };
}
