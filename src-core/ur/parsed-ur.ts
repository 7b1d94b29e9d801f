/**
 * A UR split into its path and body (`ur:<type>[/<seqNum>-<seqLen>]/<body>`). It sits below both
 * `ur.ts`, which parses it, and `part-screen.ts`, which screens a part by its path, so neither
 * imports the other for it.
 */
export interface ParsedUr {
  readonly type: string;
  /** Null for a single-part UR. */
  readonly sequence: { readonly seqNum: number; readonly seqLen: number } | null;
  readonly body: string;
}
