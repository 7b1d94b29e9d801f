import { describe, expect, it } from 'vitest';
import { encodeBase58Check } from '@core/bytes/base58';
import { hexToBytes } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { messageToJson } from '@core/proto/json-codec';
import { getMessageInfo, messageNames } from '@core/proto/schema';
import { visibleAddressFields, visibleFormOf, visibleTextFields } from '@core/proto/visible-fields';
import { JAVA_TRON_ADDRESS_FIELDS, JAVA_TRON_NAME_FIELDS } from '../../fixtures/java-tron/http-self-format-field-names';

const ADDRESS = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

describe('visible: true field table', () => {
  it('lists exactly the address fields of java-tron HttpSelfFormatFieldName', () => {
    expect([...visibleAddressFields()].sort()).toEqual([...JAVA_TRON_ADDRESS_FIELDS].sort());
  });

  it('lists exactly the text fields of java-tron HttpSelfFormatFieldName', () => {
    expect([...visibleTextFields()].sort()).toEqual([...JAVA_TRON_NAME_FIELDS].sort());
  });

  it('gives every bytes field of the schema the form java-tron gives its full proto name', () => {
    const addresses = new Set<string>(JAVA_TRON_ADDRESS_FIELDS);
    const names = new Set<string>(JAVA_TRON_NAME_FIELDS);
    const bytesFields = messageNames().flatMap((message) =>
      getMessageInfo(message)
        .fields.filter((field) => field.type === 'bytes')
        .map((field) => ({ message, field: field.name, path: `${message}.${field.name}` })),
    );
    expect(bytesFields.length).toBeGreaterThan(100);
    for (const { message, field, path } of bytesFields) {
      const expected = addresses.has(path) ? 'address' : names.has(path) ? 'text' : 'hex';
      expect({ path, form: visibleFormOf(message, field) }).toEqual({ path, form: expected });
    }
  });

  it('prints exchange token ids as text and proposal approvals as addresses', () => {
    const exchange = messageToJson(
      'protocol.Exchange',
      { exchange_id: 1, first_token_id: utf8ToBytes('_'), second_token_id: utf8ToBytes('1000001') },
      { visible: true },
    );
    expect(exchange).toMatchObject({ first_token_id: '_', second_token_id: '1000001' });
    const proposal = messageToJson(
      'protocol.Proposal',
      { proposal_id: 1, approvals: [hexToBytes(ADDRESS)] },
      { visible: true },
    );
    expect(proposal.approvals).toEqual([encodeBase58Check(hexToBytes(ADDRESS))]);
  });

  it('keeps a field name special only in the messages java-tron lists it for', () => {
    expect(visibleFormOf('protocol.Transaction.Contract', 'ContractName')).toBe('hex');
    expect(visibleFormOf('protocol.TransactionInfo.Log', 'address')).toBe('address');
    expect(visibleFormOf('protocol.TransactionInfo.Log', 'topics')).toBe('hex');
  });
});
