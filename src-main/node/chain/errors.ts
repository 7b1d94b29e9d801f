/** A broadcast refusal: java-tron's Return.response_code name and message (java-tron-http.md §5). */
export const RESPONSE_CODE = {
  SUCCESS: 'SUCCESS',
  SIGERROR: 'SIGERROR',
  CONTRACT_VALIDATE_ERROR: 'CONTRACT_VALIDATE_ERROR',
  CONTRACT_EXE_ERROR: 'CONTRACT_EXE_ERROR',
  BANDWITH_ERROR: 'BANDWITH_ERROR',
  DUP_TRANSACTION_ERROR: 'DUP_TRANSACTION_ERROR',
  TAPOS_ERROR: 'TAPOS_ERROR',
  TOO_BIG_TRANSACTION_ERROR: 'TOO_BIG_TRANSACTION_ERROR',
  TRANSACTION_EXPIRATION_ERROR: 'TRANSACTION_EXPIRATION_ERROR',
  SERVER_BUSY: 'SERVER_BUSY',
  OTHER_ERROR: 'OTHER_ERROR',
} as const;

export type ResponseCode = (typeof RESPONSE_CODE)[keyof typeof RESPONSE_CODE];

export class AdmissionError extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
  ) {
    super(message);
  }
}
