/** Messages between the bench and the external client process (external-client.ts) over fork()'s IPC channel. */
export interface ExternalJob {
  readonly port: number;
  readonly connections: number;
  /** The sizes of the batches to sign, sent one per `go` message in this order. */
  readonly batches: readonly number[];
  /** Each transfer's amount is firstAmount + its index over all batches, so that no two have the same id. */
  readonly firstAmount: number;
  readonly accounts: readonly { readonly hex: string; readonly privateKey: string }[];
  /** TronWeb's offline header: the reference block and the times it stamps on each transaction. */
  readonly blockHeader: {
    readonly ref_block_bytes: string;
    readonly ref_block_hash: string;
    readonly expiration: number;
    readonly timestamp: number;
  };
}

/** Sends the next signed batch. */
export interface ExternalGo {
  readonly go: true;
}

export interface ExternalReady {
  readonly kind: 'ready';
  readonly signed: number;
  readonly signCpuMicros: number;
}

export interface ExternalResult {
  readonly kind: 'result';
  readonly accepted: number;
  /** The first refusal's reply, empty when none. */
  readonly refused: string;
  /** From the first request to the last reply, in the client's process. */
  readonly wallMs: number;
  /** The client process's CPU (user + system, every thread) while it posted. */
  readonly cpuMicros: number;
}
