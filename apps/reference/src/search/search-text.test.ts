import { ApiError } from '@usas/errors';
import { escapeLike, requireSearchText } from './search-text';

describe('escapeLike', () => {
  it('escapes wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe('requireSearchText', () => {
  it('trims the text and rejects blank text with a 400', () => {
    expect(requireSearchText('  lockheed ')).toBe('lockheed');
    const error = (() => {
      try {
        requireSearchText('   ');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });
});
