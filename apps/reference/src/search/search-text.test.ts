import { ApiError } from '@usas/errors';
import { escapeLike, normalizedWords, requireSearchText } from './search-text';

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

describe('normalizedWords', () => {
  it('upper-cases and joins the words with single spaces, dropping punctuation', () => {
    expect(normalizedWords('  Dept. of   defense ')).toBe('DEPT OF DEFENSE');
    expect(normalizedWords('U.S. Agency for Global Media')).toBe('U S AGENCY FOR GLOBAL MEDIA');
    expect(normalizedWords('%_&')).toBe('');
  });
});
