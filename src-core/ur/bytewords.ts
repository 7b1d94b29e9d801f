import { concatBytes, equalBytes } from '../bytes/bytes';
import { EncodingError } from '../errors';
import { crc32, uint32ToBytes } from './crc32';

/**
 * Bytewords (BCR-2020-012), the "minimal" style that Uniform Resources use: each byte becomes the
 * first and last letter of its word, and the body ends with the CRC-32 of the data as four more
 * bytes. The 256 words below are the specification's list, in byte order; their first and last
 * letters are unique, which is what makes the two-letter form decodable.
 */
const WORDS =
  'ableacidalsoapexaquaarchatomauntawayaxisbackbaldbarnbeltbetabiasbluebodybragbrewbulbbuzzcalmcash' +
  'catschefcityclawcodecolacookcostcruxcurlcuspcyandarkdatadaysdelidicedietdoordowndrawdropdrumdull' +
  'dutyeacheasyechoedgeepicevenexamexiteyesfactfairfernfigsfilmfishfizzflapflewfluxfoxyfreefrogfuel' +
  'fundgalagamegeargemsgiftgirlglowgoodgraygrimgurugushgyrohalfhanghardhawkheathelphighhillholyhope' +
  'hornhutsicedideaidleinchinkyintoirisironitemjadejazzjoinjoltjowljudojugsjumpjunkjurykeepkenokept' +
  'keyskickkilnkingkitekiwiknoblamblavalazyleaflegsliarlimplionlistlogoloudloveluaulucklungmainmany' +
  'mathmazememomenumeowmildmintmissmonknailnavyneednewsnextnoonnotenumbobeyoboeomitonyxopenovalowls' +
  'paidpartpeckplaypluspoempoolposepuffpumapurrquadquizraceramprealredorichroadrockroofrubyruinruns' +
  'rustsafesagascarsetssilkskewslotsoapsolosongstubsurfswantacotasktaxitenttiedtimetinytoiltombtoys' +
  'triptunatwinuglyundouniturgeuservastveryvetovialvibeviewvisavoidvowswallwandwarmwaspwavewaxywebs' +
  'whatwhenwhizwolfworkyankyawnyellyogayurtzapszerozestzinczonezoom';

const MINIMAL: readonly string[] = Array.from({ length: 256 }, (_, i) => WORDS[4 * i]! + WORDS[4 * i + 3]!);
const BYTE_OF = new Map(MINIMAL.map((pair, byte) => [pair, byte]));

export function encodeBytewordsMinimal(data: Uint8Array): string {
  let out = '';
  for (const byte of concatBytes(data, uint32ToBytes(crc32(data)))) out += MINIMAL[byte];
  return out;
}

/** Decodes a minimal-style body (either case) and checks its CRC-32; returns the data without it. */
export function decodeBytewordsMinimal(text: string): Uint8Array {
  const lower = text.toLowerCase();
  if (lower.length % 2 !== 0 || lower.length < 10)
    throw new EncodingError('UR_BAD_BYTEWORDS', 'This code is not valid Bytewords: its body has a broken length.');
  const bytes = new Uint8Array(lower.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const byte = BYTE_OF.get(lower.slice(2 * i, 2 * i + 2));
    if (byte === undefined)
      throw new EncodingError(
        'UR_BAD_BYTEWORDS',
        `This code is not valid Bytewords: "${lower.slice(2 * i, 2 * i + 2)}" is no word.`,
      );
    bytes[i] = byte;
  }
  const data = bytes.subarray(0, bytes.length - 4);
  if (!equalBytes(bytes.subarray(bytes.length - 4), uint32ToBytes(crc32(data))))
    throw new EncodingError(
      'UR_BAD_CHECKSUM',
      'This code was read wrongly (its checksum does not match); read it again.',
    );
  return data;
}
