import type { cosignChannels } from '../../../src-core/ipc/channels/cosign';
import type { CosignService as WalletCosignService } from '../../wallet/cosign/cosign-service';
import type { HandlerMap } from '../registry';

export type CosignService = Pick<
  WalletCosignService,
  | 'list'
  | 'get'
  | 'import'
  | 'importQr'
  | 'openFile'
  | 'export'
  | 'saveFile'
  | 'copy'
  | 'markExported'
  | 'simulate'
  | 'sign'
  | 'broadcast'
  | 'setOptions'
  | 'repropose'
  | 'remove'
  | 'removeUnreadable'
>;

/** Co-signing inbox channels; the registry has already checked every argument against its schema. */
export function createCosignHandlers(cosign: CosignService): HandlerMap<typeof cosignChannels> {
  return {
    'cosign:list': () => cosign.list(),
    'cosign:get': (input) => cosign.get(input),
    'cosign:import': (input) => cosign.import(input),
    'cosign:importQr': (input) => cosign.importQr(input),
    'cosign:openFile': () => cosign.openFile(),
    'cosign:export': (input) => cosign.export(input),
    'cosign:saveFile': (input) => cosign.saveFile(input),
    'cosign:copy': (input) => cosign.copy(input),
    'cosign:markExported': (input) => cosign.markExported(input),
    'cosign:simulate': (input) => cosign.simulate(input),
    'cosign:sign': (input) => cosign.sign(input),
    'cosign:broadcast': (input) => cosign.broadcast(input),
    'cosign:setOptions': (input) => cosign.setOptions(input),
    'cosign:repropose': (input) => cosign.repropose(input),
    'cosign:remove': (input) => cosign.remove(input),
    'cosign:removeUnreadable': (input) => cosign.removeUnreadable(input),
  };
}
