import { badRequest } from '@usas/errors';

/** Recipient level: P = parent with children, C = child (has a parent), R = no parent information. */
export type RecipientLevel = 'P' | 'C' | 'R';

/** A parsed API recipient id (`<recipient_hash>-<level>`). */
export interface RecipientId {
  hash: string;
  level: RecipientLevel;
}

const RECIPIENT_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([PCR])$/i;

/** Splits a recipient id into its hash (lower-case UUID) and level; throws a 400 when it is malformed. */
export function parseRecipientId(id: string): RecipientId {
  const m = RECIPIENT_ID.exec(id.trim());
  if (!m) {
    throw badRequest(`Invalid recipient_id '${id}': expected '<recipient hash (UUID)>-<level P, C or R>'.`, [
      { path: '/body/filters/recipient_id', message: 'expected <uuid>-<P|C|R>', code: 'format' },
    ]);
  }
  return { hash: m[1]!.toLowerCase(), level: m[2]!.toUpperCase() as RecipientLevel };
}
