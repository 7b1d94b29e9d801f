// The open co-signing envelope ("PSBT for TRON"): create, parse, verify, merge, progress,
// fingerprint and expiry. Format: docs/envelope.md.
export { canonicalJson, toJsonSafe } from './canonical';
export { carriedAudit, mergeCarriedAudits, withAudit } from './audit-field';
export {
  STATED_LIMITS,
  normalizeStated,
  statedNameFits,
  statedSchema,
  statedTokenFits,
  type StatedFacts,
  type StatedName,
  type StatedToken,
} from './stated';
export { ENVELOPE_FORMAT, ENVELOPE_VERSION, envelopeSchema, checkEnvelopeShape } from './schema';
export {
  POLICY_RECORD_LIMITS,
  newestPolicyRecord,
  policyRecordSchema,
  type EnvelopePolicyRecord,
} from './policy-record';
export {
  toPermissionSnapshot,
  fromPermissionSnapshot,
  toAccountPermissionsSnapshot,
  fromAccountPermissionsSnapshot,
  type PermissionSnapshot,
  type AccountPermissionsSnapshot,
} from './snapshot';
export {
  summarizeTransaction,
  type AmountRole,
  type AmountLine,
  type DecodedCall,
  type CallDecoder,
  type CallSummary,
  type PermissionChangeSummary,
  type EnvelopeSummary,
  type SummaryContext,
} from './summary';
export { abiCallDecoder } from './abi-decoder';
export {
  FINGERPRINT_DOMAIN,
  FINGERPRINT_WORDS,
  fingerprintFromDigest,
  fingerprintOf,
  summaryForFingerprint,
  type Fingerprint,
} from './fingerprint';
export {
  MAX_ENVELOPE_TEXT_LENGTH,
  createEnvelope,
  serializeEnvelope,
  parseEnvelope,
  envelopeFingerprint,
  addEnvelopeSignature,
  withPolicyRecord,
  mergeEnvelopes,
  signingProgress,
  expiryStatus,
  type Envelope,
  type EnvelopeNetwork,
  type EnvelopeOptions,
  type CreateEnvelopeInput,
  type SigningProgress,
  type ExpiryState,
  type ExpiryStatus,
} from './envelope';
export {
  QR_FRAME_PREFIX,
  QR_DEFAULT_PAYLOAD_BYTES,
  QR_MAX_FRAMES,
  QrAssembler,
  joinQrFrames,
  parseQrFrame,
  qrChecksum,
  qrTextFromBytes,
  splitForQr,
  type QrFrame,
  type QrProgress,
} from './qr-frames';
export {
  ENVELOPE_UR_TYPE,
  ENVELOPE_UR_FRAGMENT_BYTES,
  EnvelopeQrReader,
  envelopeUrEncoder,
  envelopeUrParts,
  readEnvelopeQr,
  envelopeTextRead,
  type QrFormat,
  type QrReadProgress,
} from './qr-codes';
export {
  TAPOS_WINDOW_BLOCKS,
  judgeTapos,
  taposCandidate,
  taposReference,
  type TaposReference,
  type TaposVerdict,
} from './chain-check';
export {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  MAX_BUNDLE_ROWS,
  bundleSchema,
  checkBundleShape,
  statedPaymentSchema,
} from './bundle-schema';
export {
  BUNDLE_FINGERPRINT_DOMAIN,
  MAX_BUNDLE_TEXT_LENGTH,
  addBundleSignatures,
  bundleExpiry,
  bundleFingerprint,
  bundleProgress,
  createBundle,
  mergeBundles,
  parseBundle,
  readBundleSteps,
  reproposeBundle,
  reproposeSet,
  rowEnvelope,
  serializeBundle,
  type BundleProgress,
  type BundleRow,
  type CreateBundleInput,
  type EnvelopeBundle,
  type StatedPayment,
} from './bundle';
export { assetKey, paymentOf, samePayment, type Payment } from './payment';
export { SignerMemo, type RecoverSigner } from './signer-memo';
