/** The signed transaction JSON the bench posts. */
export function parseTxJson(body: string): { txID: string; signature: string[] } {
  return JSON.parse(body) as { txID: string; signature: string[] };
}
