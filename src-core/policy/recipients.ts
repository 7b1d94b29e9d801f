import { toBase58Address } from '../address/address';
import { POLICY_BREACH, type PolicyBreach } from './breach';
import type { PermissionRules } from './document';
import { HOUR_MS, sameAddress, type PolicyContact } from './input';

/**
 * A recipient passes when an address-book entry for it carries one of the policy's tags and has
 * been there for the cooling-off hours; exactly N hours after it was added it may receive. Of
 * several tagged entries for one address the oldest counts.
 */
export function checkRecipients(
  rules: PermissionRules,
  recipients: readonly string[],
  addressBook: readonly PolicyContact[],
  now: number,
  label: string,
): PolicyBreach[] {
  return recipients.flatMap((recipient) => checkRecipient(rules, recipient, addressBook, now, label));
}

function checkRecipient(
  rules: PermissionRules,
  recipient: string,
  addressBook: readonly PolicyContact[],
  now: number,
  label: string,
): PolicyBreach[] {
  const rule = rules.recipients;
  if (!rule) return [];
  const address = toBase58Address(recipient);
  const tagged = addressBook.filter(
    (entry) => sameAddress(entry.address, recipient) && entry.tags.some((tag) => rule.tags.includes(tag)),
  );
  const tags = rule.tags.map((t) => `"${t}"`).join(', ');
  if (tagged.length === 0) {
    return [
      {
        code: POLICY_BREACH.recipientNotAllowed,
        message:
          `${address} is not on the allowlist of ${label}: no address-book entry for it carries the tag ${tags}. ` +
          'Add it to the address book with one of these tags and wait out the cooling-off.',
        details: { recipient: address },
      },
    ];
  }
  const addedAt = Math.min(...tagged.map((entry) => entry.addedAt));
  const readyAt = addedAt + rule.coolingOffHours * HOUR_MS;
  if (now >= readyAt) return [];
  const hoursLeft = Math.ceil((readyAt - now) / HOUR_MS);
  return [
    {
      code: POLICY_BREACH.recipientCoolingOff,
      message:
        `${address} was added to the address book less than ${rule.coolingOffHours} hours ago; ${label} may pay ` +
        `it from ${new Date(readyAt).toISOString()} (about ${hoursLeft} hour${hoursLeft === 1 ? '' : 's'} from now).`,
      details: { recipient: address, addedAt, readyAt, coolingOffHours: rule.coolingOffHours },
    },
  ];
}
