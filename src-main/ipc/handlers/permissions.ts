import type { permissionsChannels } from '../../../src-core/ipc/channels/permissions';
import type { PermissionsService as Permissions } from '../../wallet/permissions/permissions-service';
import type { HandlerMap } from '../registry';

export type PermissionsService = Pick<Permissions, 'load' | 'inspectKeys' | 'prepare' | 'dryRun' | 'submit'>;

export function createPermissionsHandlers(permissions: PermissionsService): HandlerMap<typeof permissionsChannels> {
  return {
    'permissions:load': ({ address }) => permissions.load(address),
    'permissions:inspectKeys': ({ addresses }) => permissions.inspectKeys(addresses),
    'permissions:prepare': ({ address, update }) => permissions.prepare(address, update),
    'permissions:dryRun': ({ address, update }) => permissions.dryRun(address, update),
    'permissions:submit': ({ address, update, acknowledgeWarnings, expirationMs }) =>
      permissions.submit(address, update, acknowledgeWarnings, expirationMs),
  };
}
