/**
 * Self time per function and per module from a V8 `.cpuprofile` (the Chrome DevTools Protocol's
 * `Profiler.Profile`: nodes with call frames, `samples` naming the node on top of the stack, and
 * `timeDeltas` in µs between samples), restricted to a time window.
 */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
  }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileWindow {
  startMicros: number;
  endMicros: number;
}

export interface SelfTime {
  readonly name: string;
  readonly selfMs: number;
  /** Share of the non-idle time, e.g. "12.3 %". */
  readonly share: string;
}

export interface ProfileTop {
  readonly sampledMs: number;
  readonly busyMs: number;
  readonly functions: readonly SelfTime[];
  readonly modules: readonly SelfTime[];
}

const IDLE = '(idle)';

/** A module's short name: the package, the node: internal, or the path inside the repository. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nodeModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nodeModules) return nodeModules[1]!;
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:').replace(/\/[^/]*$/, '/…');
  const repo = /\/(src-[^/]+\/.*|test\/.*)$/.exec(url);
  return repo ? repo[1]! : url;
}

function top(totals: Map<string, number>, busyMs: number, n: number): SelfTime[] {
  return [...totals]
    .filter(([name]) => name !== IDLE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, selfMs]) => ({ name, selfMs, share: `${((selfMs / busyMs) * 100).toFixed(1)} %` }));
}

export function topOfProfile(profile: CpuProfile, window: ProfileWindow, n: number): ProfileTop {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  let at = profile.startTime;
  let sampledMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the time up to the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (at < window.startMicros || at > window.endMicros) continue;
    const frame = byId.get(profile.samples[i]!)!;
    // tsx marks the modules it loads through its API with a query: not part of the file's name.
    const url = frame.url.replace(/\?.*$/, '');
    // Lines of TypeScript files are those of tsx's output, not of the source: left out.
    const line = url.endsWith('.ts') ? '' : `:${frame.lineNumber + 1}`;
    const name = url
      ? `${frame.functionName || '(anonymous)'} ${moduleOf(url, frame.functionName)}${line}`
      : frame.functionName;
    const module = name === IDLE ? IDLE : moduleOf(url, frame.functionName);
    functions.set(name, (functions.get(name) ?? 0) + ms);
    modules.set(module, (modules.get(module) ?? 0) + ms);
    sampledMs += ms;
  }
  const busyMs = sampledMs - (functions.get(IDLE) ?? 0);
  return { sampledMs, busyMs, functions: top(functions, busyMs, n), modules: top(modules, busyMs, n) };
}
