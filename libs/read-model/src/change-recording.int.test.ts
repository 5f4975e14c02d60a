/**
 * The change-recording triggers of the search tables: a bulk load drops them (dropChangeRecording), because a
 * disabled trigger's transition table still receives a copy of every inserted row; setChangeRecording(true)
 * creates them again from the definitions kept in change_recording_dropped_trigger, as they were.
 */
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import type pg from 'pg';
import { dropChangeRecording, setChangeRecording, withOwnClient } from './refresh';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

interface TriggerRow { name: string; enabled: string; definition: string }

const triggers = async (client: pg.Client): Promise<TriggerRow[]> => (await client.query<TriggerRow>(`
  SELECT tgrelid::regclass::text || '.' || tgname AS name, tgenabled AS enabled, pg_get_triggerdef(oid) AS definition
  FROM pg_trigger
  WHERE tgname ~ '_(summary|recipient)_rows_(inserted|updated|deleted)$'
    AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass, 'subaward_search'::regclass)
  ORDER BY 1`)).rows;

const state = async (client: pg.Client) => (await client.query<{ summaries: boolean; recipients: boolean; kept: number; dirty: boolean }>(`
  SELECT search_summary_recording() AS summaries, recipient_change_recording() AS recipients,
    (SELECT count(*)::int FROM change_recording_dropped_trigger) AS kept,
    (SELECT dirty_all FROM search_summary_state) AND (SELECT dirty_all FROM recipient_derive_state) AS dirty`)).rows[0];

it('drops the recording triggers for a bulk load and creates them again as they were', () => withOwnClient(db.url, async (client) => {
  const before = await triggers(client);
  // 6 summary triggers (award and transaction search), 9 recipient triggers (the three tables)
  expect(before).toHaveLength(15);
  expect(before.every((t) => t.enabled === 'O' && t.definition.includes('REFERENCING'))).toBe(true);
  expect(await state(client)).toMatchObject({ summaries: true, recipients: true, kept: 0 });

  expect(await dropChangeRecording(client)).toBe(15);
  expect(await triggers(client)).toEqual([]);
  expect(await state(client)).toEqual({ summaries: false, recipients: false, kept: 15, dirty: true });

  // A second call (an interrupted load run again) keeps the definitions it has.
  expect(await dropChangeRecording(client)).toBe(0);
  expect((await state(client))?.kept).toBe(15);

  // Rows written meanwhile are not recorded: no trigger is left to fire.
  await client.query(`UPDATE search_summary_state SET dirty_fiscal_years = '{}'`);
  await client.query(`UPDATE transaction_search SET federal_action_obligation = federal_action_obligation
    WHERE transaction_id = (SELECT min(transaction_id) FROM transaction_search)`);
  expect((await client.query<{ years: string[] }>('SELECT dirty_fiscal_years AS years FROM search_summary_state')).rows[0]?.years).toEqual([]);

  await setChangeRecording(client, true);
  expect(await triggers(client)).toEqual(before);
  expect(await state(client)).toMatchObject({ summaries: true, recipients: true, kept: 0 });
}));

it('turns back on triggers that an older bulk load only disabled', () => withOwnClient(db.url, async (client) => {
  const before = await triggers(client);
  await setChangeRecording(client, false);
  expect((await triggers(client)).every((t) => t.enabled === 'D')).toBe(true);
  await setChangeRecording(client, true);
  expect(await triggers(client)).toEqual(before);
}));
