import type { Trc20Token } from '../../src-core/ipc/channels/tokens';

export interface TokenChoice {
  readonly value: string;
  readonly label: string;
}

/** The picker's first line: nothing chosen, and where the list comes from. */
export const NO_TOKEN_CHOSEN = 'Choose a token watched on Home…';

/**
 * The TRC20 form's token picker: the tokens watched on Home (this network's list, each read from
 * its contract), by symbol and name with the contract beside them so two tokens with one symbol
 * stay apart. The contract field stays free: a token not watched is still pasted there.
 */
export function watchedTokenChoices(tokens: readonly Trc20Token[]): TokenChoice[] {
  const sorted = [...tokens].sort(
    (a, b) => a.symbol.localeCompare(b.symbol) || a.name.localeCompare(b.name) || a.address.localeCompare(b.address),
  );
  return [
    { value: '', label: NO_TOKEN_CHOSEN },
    ...sorted.map((t) => ({ value: t.address, label: `${t.symbol} · ${t.name || 'unnamed'} · ${t.address}` })),
  ];
}

/** The choice that matches what the contract field holds, or none (a pasted or partly typed one). */
export function chosenToken(tokens: readonly Trc20Token[], field: string): string {
  const typed = field.trim();
  return tokens.some((t) => t.address === typed) ? typed : '';
}
