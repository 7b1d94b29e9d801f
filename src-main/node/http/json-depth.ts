import { JavaError } from '../errors';
import { JAVA } from '../java-json/error-body';

/**
 * fastjson 1.x's nesting limit (DefaultJSONParser.parseArray: an array opened while the parse
 * context's level is past 512 throws JSONException "array level > 512"; the root container is
 * level 0). fastjson checks arrays only, and objects nested deeper end in Java's
 * StackOverflowError, which no servlet catches; here they are refused at the same level in the
 * servlet's `{"Error": …}` shape, naming the object.
 */
export const FASTJSON_MAX_LEVEL = 512;

/**
 * Refuses a request text whose arrays or objects nest past fastjson's level, before any reader
 * recurses into it (the node's JSON readers recurse once per level). One pass over the text,
 * strings skipped; a text that is not JSON is only scanned for its brackets.
 */
export function checkJsonDepth(text: string): void {
  // Too few brackets to nest that deep (most texts, and a body of megabytes of hex): no scan.
  if (bracketsUpTo(text, FASTJSON_MAX_LEVEL + 2) <= FASTJSON_MAX_LEVEL + 1) return;
  let open = 0;
  for (let pos = 0; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 34 /* " */) {
      for (pos++; pos < text.length; pos++) {
        const s = text.charCodeAt(pos);
        if (s === 92 /* \ */) pos++;
        else if (s === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      // The enclosing container's level is open - 1.
      if (open - 1 > FASTJSON_MAX_LEVEL)
        throw new JavaError(JAVA.json, `${c === 91 ? 'array' : 'object'} level > ${FASTJSON_MAX_LEVEL}`);
      open++;
    } else if (c === 93 /* ] */ || c === 125 /* } */) open--;
  }
}

/** How many "[" and "{" the text holds, counted up to `limit` (native searches). */
function bracketsUpTo(text: string, limit: number): number {
  let count = 0;
  for (const bracket of ['[', '{'])
    for (let at = text.indexOf(bracket); at >= 0 && count < limit; at = text.indexOf(bracket, at + 1)) count++;
  return count;
}
