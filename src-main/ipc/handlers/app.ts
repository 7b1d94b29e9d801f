import { toBase58Address } from '../../../src-core/address/address';
import type { appChannels, AppInfo, CopyRequest } from '../../../src-core/ipc/channels/app';
import { IpcError, IpcErrorCode } from '../../../src-core/ipc/errors';
import type { HandlerMap } from '../registry';
import { explorerUrl, isAllowedExternalUrl } from './explorer';

/** What the app domain needs from its host: Electron in the app, plain Node in tests. */
export interface AppService {
  info(): AppInfo;
  /** Opens a URL in the system browser. Only called with allowlisted explorer URLs. */
  openExternal(url: string): Promise<void>;
  /** Puts text on the system clipboard. Only called with a checked address, txID or fingerprint. */
  writeClipboard(text: string): void;
}

/** The text a copy request puts on the clipboard: addresses in Base58, as people compare them. */
export function copyText(request: CopyRequest): string {
  if (request.kind === 'address') return toBase58Address(request.address);
  if (request.kind === 'txid') return request.txid;
  return request.words.join(' ');
}

export function createAppHandlers(service: AppService): HandlerMap<typeof appChannels> {
  return {
    'app:info': () => service.info(),
    'app:openExplorer': async (request) => {
      const url = explorerUrl(request);
      if (!isAllowedExternalUrl(url)) {
        // Unreachable with the contract's schemas; kept so a future change cannot open other sites.
        throw new IpcError(IpcErrorCode.internal, 'The explorer link was not on the allowlist.');
      }
      await service.openExternal(url);
      return { url };
    },
    'app:copy': (request) => {
      const text = copyText(request);
      service.writeClipboard(text);
      return { text };
    },
  };
}

/** `app:info` from the running process; Electron's versions are null under plain Node. */
export function processAppInfo(name: string, version: string): AppInfo {
  const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    name,
    version,
    platform: process.platform,
    arch: process.arch,
    runtime: { node: versions.node, electron: versions.electron ?? null, chrome: versions.chrome ?? null },
  };
}
