import { WalletError } from '../../../src-core/errors';
import { JavaError } from '../errors';

/**
 * How a thrown error is printed, as java-tron's Util.printErrorMsg does: HTTP 200 and
 * `{"Error": "<exception class> : <message>"}`, with java-tron's exception class names.
 */
export const JAVA = {
  contractValidate: 'org.tron.core.exception.ContractValidateException',
  parse: 'org.tron.core.services.http.JsonFormat$ParseException',
  json: 'com.alibaba.fastjson.JSONException',
  npe: 'java.lang.NullPointerException',
  illegalArgument: 'java.lang.IllegalArgumentException',
  exception: 'java.lang.Exception',
  permission: 'org.tron.core.exception.PermissionException',
} as const;

export function nullPointer(): JavaError {
  return new JavaError(JAVA.npe, 'null');
}

/** The `{"Error": …}` body for any thrown value. */
export function errorBody(error: unknown): { Error: string } {
  if (error instanceof JavaError)
    return { Error: error.bare ? error.message : `class ${error.className} : ${error.message}` };
  if (error instanceof WalletError) {
    const cls = error.name === 'EncodingError' || error.name === 'TransactionError' ? JAVA.parse : JAVA.illegalArgument;
    return { Error: `class ${cls} : ${error.message}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { Error: `class ${JAVA.exception} : ${message}` };
}
