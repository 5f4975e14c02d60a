const SPECIAL: Record<string, string> = {
  us_owned_business: 'U.S.-Owned Business',
  foreign_owned: 'Foreign-Owned',
  woman_owned_business: 'Woman Owned Business',
  '8a_program_participant': '8(a) Program Participant',
};

/** Display name of a business category code (`corporate_entity_not_tax_exempt` -> `Corporate Entity Not Tax Exempt`). */
export function businessCategoryName(code: string): string {
  const special = SPECIAL[code];
  if (special) return special;
  return code
    .split('_')
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
