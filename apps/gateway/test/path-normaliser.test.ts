import type { Request, Response } from 'express';
import { createPathNormaliser, slashParameters } from '../src/path-normaliser';

const doc = {
  paths: {
    '/api/v2/agency/treasury_account/{tas}/object_class/': { get: { parameters: [{ $ref: '#/components/parameters/tas-path' }] } },
    '/api/v2/awards/{award_id}/': { get: { parameters: [{ name: 'award_id', in: 'path' }] } },
    '/api/v2/references/def_codes/': { get: {} },
  },
  components: { parameters: { 'tas-path': { name: 'tas', in: 'path', 'x-slashes': true } } },
};

/** The URL the normaliser leaves on a request for `url`. */
function normalised(url: string): string {
  const normalise = createPathNormaliser(Object.keys(doc.paths), slashParameters(doc));
  const req = { url, originalUrl: url } as Request;
  let called = false;
  normalise(req, {} as Response, () => {
    called = true;
  });
  expect(called).toBe(true);
  expect(req.originalUrl).toBe(req.url);
  return req.url;
}

describe('path normaliser', () => {
  it('finds the x-slashes parameters through component references', () => {
    expect([...slashParameters(doc)]).toEqual([['/api/v2/agency/treasury_account/{tas}/object_class/', new Set(['tas'])]]);
  });

  it('toggles the trailing slash of a path the spec knows only the other way', () => {
    expect(normalised('/api/v2/references/def_codes')).toBe('/api/v2/references/def_codes/');
    expect(normalised('/api/v2/awards/CONT_1?x=1')).toBe('/api/v2/awards/CONT_1/?x=1');
    expect(normalised('/api/v2/references/def_codes/')).toBe('/api/v2/references/def_codes/');
  });

  it('encodes the slashes inside an x-slashes parameter only, with or without the trailing slash', () => {
    expect(normalised('/api/v2/agency/treasury_account/012-2020/2021-1600-000/object_class/?fiscal_year=2024'))
      .toBe('/api/v2/agency/treasury_account/012-2020%2F2021-1600-000/object_class/?fiscal_year=2024');
    expect(normalised('/api/v2/agency/treasury_account/012-2020/2021-1600-000/object_class'))
      .toBe('/api/v2/agency/treasury_account/012-2020%2F2021-1600-000/object_class/');
    expect(normalised('/api/v2/agency/treasury_account/a/b/c/object_class/')).toBe('/api/v2/agency/treasury_account/a%2Fb%2Fc/object_class/');
    // already one segment: untouched
    expect(normalised('/api/v2/agency/treasury_account/012-X-1600-000/object_class/')).toBe('/api/v2/agency/treasury_account/012-X-1600-000/object_class/');
  });

  it('leaves other parameters and unknown paths alone', () => {
    expect(normalised('/api/v2/awards/a/b/')).toBe('/api/v2/awards/a/b/');
    expect(normalised('/api/v2/agency/treasury_account//object_class/')).toBe('/api/v2/agency/treasury_account//object_class/');
    expect(normalised('/docs')).toBe('/docs');
  });
});
