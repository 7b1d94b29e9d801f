import { describe, expect, it } from 'vitest';
import { member, parseSpans, type JsonSpan } from '../../../../src-main/node/java-json/json-spans';

const TEXT =
  '{ "a": {"b": [1, {"c": "}]\\"{["}], "d": "x"}, "e": [ "f", {"g": 2} ], "h": -1.5e3, "i": null, "j": "k\\\\" }';

/** Each value's extent and, where listed, its members and items. */
function outline(text: string, span: JsonSpan): unknown {
  return {
    kind: span.kind,
    text: text.slice(span.start, span.end),
    members: span.members?.map((m) => [m.key, outline(text, m.value)]),
    items: span.items?.map((item) => outline(text, item)),
  };
}

describe('JSON spans', () => {
  it('finds every value of a text, strings holding brackets, quotes and backslashes included', () => {
    const root = parseSpans(TEXT);
    expect(TEXT.slice(member(root, 'a')!.start, member(root, 'a')!.end)).toBe('{"b": [1, {"c": "}]\\"{["}], "d": "x"}');
    expect(TEXT.slice(member(member(root, 'a'), 'd')!.start, member(member(root, 'a'), 'd')!.end)).toBe('"x"');
    expect(TEXT.slice(member(root, 'j')!.start, member(root, 'j')!.end)).toBe('"k\\\\"');
  });

  it('lists members and items down to the depth asked for, with the same extents as the whole parse', () => {
    const whole = parseSpans(TEXT);
    const shallow = parseSpans(TEXT, 2);
    const a = member(shallow, 'a')!;
    // Level 1 lists its members; what lies below is an extent only.
    expect(a.members!.map((m) => m.key)).toEqual(['b', 'd']);
    const b = a.members![0]!.value;
    expect(b.items).toBeUndefined();
    expect(TEXT.slice(b.start, b.end)).toBe('[1, {"c": "}]\\"{["}]');
    expect(member(shallow, 'e')!.items!.map((item) => item.kind)).toEqual(['string', 'object']);
    expect(member(shallow, 'e')!.items![1]!.members).toBeUndefined();
    const extents = (span: JsonSpan): unknown => span.members?.map((m) => [m.key, m.value.start, m.value.end]);
    expect(extents(shallow)).toEqual(extents(whole));
    expect(outline(TEXT, parseSpans(TEXT, 0))).toEqual({
      kind: 'object',
      text: TEXT,
      members: undefined,
      items: undefined,
    });
  });

  it('throws on a text that ends inside a value, at any depth, instead of reading past its end', () => {
    for (const text of ['{"a": {', '{"a":[1,', '{"a":[1,2', '{"x":"open', '{"k":"v\\', '[{"a":1}'])
      for (const depth of [Infinity, 1, 0]) expect(() => parseSpans(text, depth), text).toThrow(SyntaxError);
  });
});
