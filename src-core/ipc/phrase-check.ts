/**
 * The sentence main refuses a permission change with when it would add the address of a phrase
 * nobody has checked, zod-free so the permission editor says the very same before it is sent.
 */
export const PHRASE_NOT_CHECKED_CODE = 'PERM_PHRASE_NOT_CHECKED';

export function phraseNotCheckedSentence(label: string): string {
  return (
    `Check the recovery phrase of ${label} first: the wallet made it and nobody has typed its words back yet, ` +
    'so it may never have been written down. Use “Check now” beside the account on the Home page.'
  );
}
