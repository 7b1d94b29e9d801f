// The core compiles without DOM or node type libraries. The client hands an abort signal to the
// injected fetch, so it needs the name of that type; this declaration merges with the full one
// wherever DOM or @types/node are present (its one member is identical there).
interface AbortSignal {
  readonly aborted: boolean;
}
