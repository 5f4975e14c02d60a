import { LEVEL_COLUMNS } from './level-columns';

/**
 * The text filters AND their exact conditions with a substring match on the level's keyword document,
 * which is only sound when the document holds every column those conditions search.
 */
describe('keyword documents', () => {
  it.each(Object.keys(LEVEL_COLUMNS) as Array<keyof typeof LEVEL_COLUMNS>)('%s: the document holds every searched column', (level) => {
    const c = LEVEL_COLUMNS[level];
    const searched = [
      ...c.keywordIdColumns,
      ...c.keywordTextColumns,
      ...c.awardIdColumns,
      c.description,
      c.recipientName,
      c.recipientUei,
      c.recipientDuns,
      ...[c.parentRecipientName, c.parentUei, c.parentDuns].filter((x): x is string => x !== null),
    ];
    const missing = searched.filter((column) => !c.keywordDocument.columns.includes(column));
    expect(missing).toEqual([]);
    expect(new Set(c.keywordDocument.columns).size).toBe(c.keywordDocument.columns.length);
  });
});
