import { LEVEL_COLUMNS } from './level-columns';

/**
 * The text filters AND their exact conditions with a substring match on the level's keyword document,
 * which is only sound when the document holds every column those conditions search: the row's own
 * columns, or for transactions (`viaAward`) the columns whose values the award's document carries.
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
    const held = c.keywordDocument.viaAward?.covers ?? c.keywordDocument.columns;
    expect(searched.filter((column) => !held.includes(column))).toEqual([]);
    expect(new Set(c.keywordDocument.columns).size).toBe(c.keywordDocument.columns.length);
  });

  it('transactions search through the award document, which is the awards level document', () => {
    expect(LEVEL_COLUMNS.transactions.keywordDocument.viaAward).toBeDefined();
    expect(LEVEL_COLUMNS.transactions.keywordDocument.fn).toBe(LEVEL_COLUMNS.awards.keywordDocument.fn);
    expect(LEVEL_COLUMNS.transactions.keywordDocument.columns).toEqual(LEVEL_COLUMNS.awards.keywordDocument.columns);
    expect(LEVEL_COLUMNS.awards.keywordDocument.viaAward).toBeUndefined();
  });
});
