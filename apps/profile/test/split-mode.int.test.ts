/**
 * The profile app in both runtime modes: mounted in the gateway (all-in-one) and as its own HTTP server behind
 * the gateway's proxy (split). The same requests must give the same answers.
 */
import { startHarness, startSplitGateway, type Harness } from '@usas/test-harness';
import type supertest from 'supertest';
import { createApp } from '../src/index';
import { PARENT, recipientHash, seedProfileData } from './seed';

let h: Harness;
let split: Awaited<ReturnType<typeof startSplitGateway>>;

beforeAll(async () => {
  h = await startHarness();
  await seedProfileData(h.db.pool);
  split = await startSplitGateway('profile', createApp({ db: h.db.pool }));
}, 120_000);

afterAll(async () => {
  await split.close();
  await h.close();
});

const requests: Array<{ name: string; send: (agent: ReturnType<typeof supertest>) => supertest.Test }> = [
  { name: 'GET award by internal id', send: (a) => a.get('/api/v2/awards/990001/') },
  { name: 'GET award without trailing slash', send: (a) => a.get('/api/v2/awards/990001') },
  { name: 'GET unknown award', send: (a) => a.get('/api/v2/awards/CONT_AWD_NOSUCH_0000/') },
  { name: 'GET malformed award id', send: (a) => a.get('/api/v2/awards/nope/') },
  { name: 'POST transactions', send: (a) => a.post('/api/v2/transactions/').send({ award_id: 990001, limit: 2 }) },
  { name: 'POST idvs/awards', send: (a) => a.post('/api/v2/idvs/awards').send({ award_id: 990010, type: 'grandchild_awards' }) },
  { name: 'GET idvs/amounts', send: (a) => a.get('/api/v2/idvs/amounts/990010/') },
  { name: 'GET recipient', send: (a) => a.get(`/api/v2/recipient/${recipientHash(PARENT.uei)}-P/?year=all`) },
  { name: 'GET recipient children', send: (a) => a.get(`/api/v2/recipient/children/${PARENT.uei}/`) },
  { name: 'POST recipient list', send: (a) => a.post('/api/v2/recipient/').send({ keyword: 'PROFILE', limit: 5 }) },
  { name: 'GET states', send: (a) => a.get('/api/v2/recipient/state/') },
];

describe('all-in-one and split modes answer alike', () => {
  it.each(requests)('$name', async ({ send }) => {
    const direct = await send(h.http);
    const proxied = await send(split.http);
    expect(proxied.status).toBe(direct.status);
    expect(proxied.body).toEqual(direct.body);
    expect(direct.status).toBeLessThan(500);
  });
});
