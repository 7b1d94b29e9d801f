import type { controlChannels } from '../../../src-core/ipc/channels/control';
import type { ControlService } from '../../wallet/control/control-service';
import type { HandlerMap } from '../registry';

export type ControlChannelsService = Pick<ControlService, 'start' | 'get' | 'sign' | 'save' | 'open' | 'verify'>;

/** Proof-of-control channels; `control:sign` reaches main's confirmation window inside the service. */
export function createControlHandlers(control: ControlChannelsService): HandlerMap<typeof controlChannels> {
  return {
    'control:start': (input) => control.start(input),
    'control:get': (input) => control.get(input),
    'control:sign': (input) => control.sign(input),
    'control:save': (input) => control.save(input),
    'control:open': () => control.open(),
    'control:verify': (input) => control.verify(input),
  };
}
