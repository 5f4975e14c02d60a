/**
 * URL slug of a name as Django's slugify makes it (agency profile links): accents folded to ASCII,
 * everything but word characters, spaces and hyphens dropped, lower-cased, runs of spaces/hyphens
 * turned into one hyphen, leading/trailing hyphens and underscores trimmed.
 */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[^\x00-\x7F]/g, '')
    .replace(/[^\w\s-]/g, '')
    .toLowerCase()
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}
