import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { encodeBase58Check } from '@core/bytes/base58';
import { hexToBytes } from '@core/bytes/hex';
import { call, fundedKey, startNode, integerParseError, JSON_FORMAT_PARSE, type Key } from '../../helpers';

/**
 * The Stake 2.0 and TRC-10 reads against java-tron 4.8.0 (commit 1e35f79a): the doPost of
 * GetCanDelegatedMaxSizeServlet, GetCanWithdrawUnfreezeAmountServlet,
 * GetAvailableUnfreezeCountServlet, GetPaginatedAssetIssueListServlet, GetAssetIssueByAccountServlet
 * and GetDelegatedResourceV2Servlet merges the body into the request message with JsonFormat.merge
 * (their doGet reads the query parameters one by one); GetDelegatedResourceAccountIndexV2Servlet
 * passes a visible `value` through Util.getHexAddress first.
 */
const PARSE = JSON_FORMAT_PARSE;
const BIG = '99999999999999999999';

describe('the staking reads, as java-tron reads their bodies', () => {
  let node: TronNode;
  let alice: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
  });
  afterAll(async () => node?.stop());

  const post = async (path: string, text: string) => (await call(node, `/wallet/${path}`, text)).json;

  it('refuse int64 values past the long range, an int32 past its own (CanDelegatedMaxSizeRequestMessage.type)', async () => {
    const long = [
      ['getcanwithdrawunfreezeamount', `{"owner_address":"${alice.hex}","timestamp":${BIG}}`],
      ['getpaginatedassetissuelist', `{"offset":${BIG},"limit":1}`],
    ];
    for (const [path, text] of long)
      expect(await post(path!, text!)).toEqual(
        integerParseError(text!, BIG, `Number out of range for 64-bit signed integer: ${BIG}`),
      );
    const int32 = `{"owner_address":"${alice.hex}","type":2147483648}`;
    expect(await post('getcandelegatedmaxsize', int32)).toEqual(
      integerParseError(int32, '2147483648', 'Number out of range for 32-bit signed integer: 2147483648'),
    );
  });

  it('refuse an integer as a string or in exponent form', async () => {
    const timestamp = `{"owner_address":"${alice.hex}","timestamp":1e3}`;
    expect(await post('getcanwithdrawunfreezeamount', timestamp)).toEqual(
      integerParseError(timestamp, '1e3', 'For input string: "1e3"'),
    );
    const limit = '{"offset":0,"limit":"10"}';
    expect(await post('getpaginatedassetissuelist', limit)).toEqual(
      integerParseError(limit, '"10"', 'For input string: ""10""'),
    );
  });

  it('6. visible=true with a 41… hex address: Util.getHexAddress or JsonFormat refuses it', async () => {
    const at = alice.hex.indexOf('0');
    expect(await post('getdelegatedresourceaccountindexv2', `{"value":"${alice.hex}","visible":true}`)).toEqual({
      Error: `class java.lang.IllegalArgumentException : Illegal character 0 at ${at}`,
    });
    expect(await post('getassetissuebyaccount', `{"address":"${alice.hex}","visible":true}`)).toEqual({
      Error: `${PARSE}1:12: INVALID base58 String, Illegal character 0 at ${at}`,
    });
    const delegation = `{"fromAddress":"${alice.hex}","toAddress":"${alice.hex}","visible":true}`;
    expect(await post('getdelegatedresourcev2', delegation)).toEqual({
      Error: `${PARSE}1:16: INVALID base58 String, Illegal character 0 at ${at}`,
    });
    const base58 = encodeBase58Check(hexToBytes(alice.hex));
    expect(await post('getdelegatedresourceaccountindexv2', `{"value":"${base58}","visible":true}`)).toEqual({
      account: base58,
    });
  });

  it('answer a well-formed body and a GET as before', async () => {
    expect(await post('getavailableunfreezecount', `{"owner_address":"${alice.hex}"}`)).toEqual({ count: 32 });
    expect((await call(node, `/wallet/getavailableunfreezecount?ownerAddress=${alice.hex}`)).json).toEqual({
      count: 32,
    });
    expect(await post('getcandelegatedmaxsize', `{"owner_address":"${alice.hex}","type":1}`)).toEqual({});
    expect((await call(node, `/wallet/getcandelegatedmaxsize?owner_address=${alice.hex}&type=1`)).json).toEqual({});
  });
});
