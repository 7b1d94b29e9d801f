import { z } from 'zod';
import { isValidAddress } from './address';

/** A TRON address as a request may carry it (T… or 41…), checksum checked; the IPC contract and the transaction kinds share it. */
export const AddressSchema = z
  .string({ error: 'must be a text value' })
  .refine((text) => isValidAddress(text), 'must be a TRON address (T… or 41…) with a valid checksum');
