import { sql } from 'slonik';
import { inlineSql } from './inline-sql';

describe('inlineSql', () => {
  it('writes bound values as escaped literals', () => {
    const f = sql.fragment`a = ${"O'Brien"} AND b = ANY(${sql.array(['x"y', 'z\\w'], 'text')}) AND c = ${3} AND d = ${true} AND e = ${null}`;
    expect(inlineSql(f)).toBe(`a = 'O''Brien' AND b = ANY( E'{"x\\\\"y","z\\\\\\\\w"}'::"text"[]) AND c = 3 AND d = TRUE AND e = NULL`);
  });

  it('numbers placeholders past 9 correctly', () => {
    const values = Array.from({ length: 12 }, (_, i) => i);
    const f = sql.fragment`${sql.join(values.map((v) => sql.fragment`${v}`), sql.fragment`,`)}`;
    expect(inlineSql(f)).toBe('0,1,2,3,4,5,6,7,8,9,10,11');
  });
});
