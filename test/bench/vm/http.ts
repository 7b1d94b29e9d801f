/**
 * Hook for the end-to-end figure (TRC-20 transfers per second through the node's HTTP API:
 * build with /wallet/triggersmartcontract, sign, /wallet/broadcasttransaction, wait for the block).
 * It needs the node, which the VM does not have yet: after node integration, implement this and
 * set VM_BENCH_HTTP_URL to make `npm run bench -- vm` report it.
 */
export async function measureHttpTrc20Transfers(baseUrl: string): Promise<number> {
  throw new Error(`HTTP end-to-end TRC-20 bench is not wired yet (node integration pending); asked for ${baseUrl}.`);
}
