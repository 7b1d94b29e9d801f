/** The longest account label the vault keeps, counted after trimming. */
export const ACCOUNT_LABEL_MAX = 64;

/**
 * The vault's rule for an account label (main's `checkLabel` applies it and trims): at most
 * `ACCOUNT_LABEL_MAX` characters after trimming and no control characters. Returns the sentence
 * to show, or null when the label is fine; shared so the renderer checks as main does.
 */
export function accountLabelProblem(label: string): string | null {
  const trimmed = label.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed.length > ACCOUNT_LABEL_MAX || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    return `An account label has at most ${ACCOUNT_LABEL_MAX} characters and no control characters.`;
  }
  return null;
}
