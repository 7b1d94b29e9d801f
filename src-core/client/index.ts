/** Typed HTTP client for TRON full nodes (java-tron and our embedded node). */
export { TronNodeClient } from './client';
export { NodeHttp, nodeError, API_KEY_HEADER, DEFAULT_TIMEOUT_MS } from './transport';
export type { NodeClientConfig, ApiPrefix } from './transport';
export type { FetchLike, FetchInitLike, FetchResponseLike, TimersLike, AbortControllerLike } from './fetch';
export { NETWORKS, NetworkId, networkByGenesisId } from './networks';
export type { NetworkPreset } from './networks';
export * from './types';
