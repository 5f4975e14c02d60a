/**
 * Upstream download file names (download/download_utils.py): the UTC timestamp `%Y-%m-%d_H%HM%MS%S%f`. A
 * JavaScript clock has milliseconds only, so the last three of the six microsecond digits carry a sequence
 * number that keeps names issued in the same millisecond apart.
 */
export function downloadTimestamp(now: Date, sequence = 0): string {
  const iso = now.toISOString(); // 2020-01-13T21:05:48.397Z
  const micro = `${iso.slice(20, 23)}${String(sequence % 1000).padStart(3, '0')}`;
  return `${iso.slice(0, 10)}_H${iso.slice(11, 13)}M${iso.slice(14, 16)}S${iso.slice(17, 19)}${micro}`;
}

/** The prefix of a job's zip name per request type (upstream `download/lookups.py` and the views). */
export const ZIP_PREFIX = {
  award: 'PrimeAwardSummariesAndSubawards',
  transaction: 'PrimeTransactionsAndSubawards',
  search: 'PrimeAwardsTransactionsAndSubawards',
} as const;

/** The kind part of a bulk download's name (`<agency>_<kind>_<timestamp>.zip`). */
export function bulkKind(prime: boolean, sub: boolean): string {
  return prime && sub ? 'PrimeTransactionsAndSubawards' : prime ? 'PrimeTransactions' : 'Subawards';
}

/** Award identifiers in file names: unsafe characters replaced, at most 50 characters (upstream `slugify_text_for_file_names`). */
export function slugForFileName(text: string, maxLength = 50): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[-\s]+/g, '_');
  return slug.slice(0, maxLength);
}

/**
 * A download file name as the API accepts it in `file_name` and in file URLs: letters, digits, `.`, `_`, `-`,
 * ending in `.zip`, no leading dot. Anything else (a `/`, `..`, `%`, a NUL) is refused before any file system call.
 */
export function isSafeFileName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.zip$/.test(name) && !name.includes('..');
}
