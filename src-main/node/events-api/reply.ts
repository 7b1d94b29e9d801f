import { RawReply, jsonText } from '../http/server';

/**
 * TronGrid's envelopes: a page is `{"data": [...], "success": true, "meta": {...}}` with HTTP 200;
 * bad input is HTTP 400 with `{"success": false, "error": "<sentence>", "statusCode": 400}`
 * (as recorded from api.trongrid.io, e.g. "A valid account address is required.").
 */
export class TronGridError extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'TronGridError';
  }
}

export interface PageMeta {
  /** Milliseconds when the answer was made. */
  readonly at: number;
  readonly fingerprint?: string;
  readonly links?: { readonly next: string };
  readonly page_size: number;
}

export function pageReply(data: readonly unknown[], meta: PageMeta): RawReply {
  return new RawReply(jsonText({ data, success: true, meta }));
}

export function errorReply(error: TronGridError): RawReply {
  return new RawReply(
    jsonText({ success: false, error: error.message, statusCode: error.statusCode }),
    error.statusCode,
  );
}
