import { ApiError } from '@usas/errors';
import { parseRecipientId } from './recipient-id';

describe('parseRecipientId', () => {
  it('splits hash and level, normalising case', () => {
    expect(parseRecipientId('0A1B2C3D-4E5F-6789-ABCD-EF0123456789-c')).toEqual({ hash: '0a1b2c3d-4e5f-6789-abcd-ef0123456789', level: 'C' });
    expect(parseRecipientId('0a1b2c3d-4e5f-6789-abcd-ef0123456789-P')).toEqual({ hash: '0a1b2c3d-4e5f-6789-abcd-ef0123456789', level: 'P' });
  });

  it.each(['0a1b2c3d-4e5f-6789-abcd-ef0123456789', '0a1b2c3d-4e5f-6789-abcd-ef0123456789-X', 'abc-R', ''])('rejects %j with a 400', (id) => {
    expect(() => parseRecipientId(id)).toThrow(ApiError);
    expect(() => parseRecipientId(id)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
