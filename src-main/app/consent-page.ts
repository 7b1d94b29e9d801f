import { createHash } from 'node:crypto';
import type { ConsentRequest } from '../wallet/consent/consent-request';

/**
 * The confirmation page main shows in its own window: static HTML composed here from the request,
 * every value escaped, no script at all (the window's own preload wires the buttons from its
 * isolated world), and a policy that lets the page load nothing. Kept free of Electron imports so
 * it is unit-tested, and so the end-to-end harness shows the very same page in Chromium.
 */
const STYLE = `
:root { color-scheme: light; font: 15px/1.45 system-ui, sans-serif; color: #17202a; background: #fff; }
body { margin: 0; padding: 20px 24px; }
h1 { font-size: 18px; margin: 0 0 4px; }
.source { color: #4d5a66; font-size: 13px; margin: 0 0 16px; }
table { border-collapse: collapse; width: 100%; margin-bottom: 12px; }
th { text-align: left; vertical-align: top; width: 32%; padding: 4px 12px 4px 0; color: #4d5a66; font-weight: 600; }
td { padding: 4px 0; overflow-wrap: anywhere; }
.mono { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.fingerprint { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 16px; background: #eef3f8;
  padding: 8px 12px; border-radius: 6px; margin: 8px 0 14px; }
.warnings { background: #fff4e5; border-left: 4px solid #b35c00; padding: 8px 12px 8px 28px; margin: 0 0 14px; }
.retry { color: #a4161a; font-weight: 600; margin: 0 0 10px; }
label { display: block; font-weight: 600; margin: 10px 0 4px; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: 6px 8px; \
border: 1px solid #8a96a3; border-radius: 4px; }
.policy { color: #4d5a66; font-size: 13px; margin: 4px 0 0; }
.actions { display: flex; gap: 12px; justify-content: flex-end; margin-top: 18px; }
button { font: inherit; padding: 8px 18px; border-radius: 6px; border: 1px solid #8a96a3; \
background: #fff; cursor: pointer; }
.list { max-height: 260px; overflow: auto; border: 1px solid #c9d1d9; border-radius: 4px; margin: 0 0 14px; }
.list table { margin: 0; font-size: 13px; }
.list caption { text-align: left; font-weight: 600; padding: 6px 8px; }
.list th, .list td { padding: 3px 8px; width: auto; border-top: 1px solid #eef1f4; }
button.approve { background: #0b5cad; border-color: #0b5cad; color: #fff; font-weight: 600; }
`;

const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

/** Nothing may load, run or be submitted anywhere; only the one inline style, by its hash. */
export const CONSENT_PAGE_CSP = [
  "default-src 'none'",
  `style-src '${STYLE_HASH}'`,
  "script-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function consentPageHtml(request: ConsentRequest, retry?: { readonly reason: string }): string {
  const e = escapeHtml;
  const rows = request.rows
    .map(
      (r) => `<tr><th scope="row">${e(r.label)}</th><td${r.monospace ? ' class="mono"' : ''}>${e(r.value)}</td></tr>`,
    )
    .join('\n');
  const warnings = request.warnings.length
    ? `<ul class="warnings" aria-label="Warnings">${request.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul>`
    : '';
  const fingerprint = request.fingerprint
    ? '<p>Fingerprint (read it to your co-signers):</p><p class="fingerprint" ' +
      `id="fingerprint">${e(request.fingerprint)}</p>`
    : '';
  // Every row of a bundle, in a box that scrolls on its own so the buttons stay in reach.
  const list = request.list
    ? `<div class="list" id="list" tabindex="0"><table><caption>${e(request.list.caption)} ` +
      `(${request.list.rows.length})</caption><thead><tr>${request.list.columns
        .map((c) => `<th scope="col">${e(c)}</th>`)
        .join('')}</tr></thead><tbody>\n${request.list.rows
        .map((r) => `<tr>${r.map((cell) => `<td class="mono">${e(cell)}</td>`).join('')}</tr>`)
        .join('\n')}\n</tbody></table></div>`
    : '';
  const typed = request.typedConfirmation
    ? `<label for="typed">Type ${e(request.typedConfirmation)} to approve</label><input id="typed" ` +
      'name="typed" autocomplete="off" spellcheck="false">'
    : '';
  // Ids word-1, word-2 … in the order of the prompts; the form sends them back in that order.
  const words = (request.wordPrompts ?? [])
    .map(
      (prompt, i) =>
        `<label for="word-${i + 1}">${e(prompt)}</label><input id="word-${i + 1}" name="word-${i + 1}" ` +
        'data-word autocomplete="off" autocapitalize="off" spellcheck="false">',
    )
    .join('\n');
  const password = request.password.required
    ? '<label for="password">Vault password</label><input id="password" name="password" type="password" ' +
      'autocomplete="off">'
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(CONSENT_PAGE_CSP)}">
<title>Confirm — TRON Multisig Wallet</title>
<style>${STYLE}</style>
</head>
<body data-request="${e(request.id)}">
<main>
<h1 id="title">${e(request.title)}</h1>
<p class="source">Shown by the wallet itself from what it is about to \
${request.kind === 'transaction' || request.kind === 'bundle' || request.kind === 'message' ? 'sign' : 'change'}; \
the app's pages cannot change or answer it.</p>
${retry ? `<p class="retry" role="alert" id="retry">${e(retry.reason)}</p>` : ''}
<table id="rows">
${rows}
</table>
${list}
${fingerprint}
${warnings}
<form id="consent">
${words}
${typed}
${password}
<p class="policy" id="policy">${e(request.password.reason)}</p>
<div class="actions">
<button type="button" id="decline">Decline</button>
<button type="submit" id="approve" class="approve">${e(request.approveLabel)}</button>
</div>
</form>
</main>
</body>
</html>
`;
}
