import { BackendTerminatedUnexpectedlyError, ConnectionError, StatementTimeoutError } from 'slonik';
import { isUnavailableError } from './pool-guard';

describe('isUnavailableError', () => {
  it('recognises a database that is not there', () => {
    expect(isUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isUnavailableError(new BackendTerminatedUnexpectedlyError(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isUnavailableError(new ConnectionError('x'))).toBe(true);
    expect(isUnavailableError(new Error('wrapper', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isUnavailableError(Object.assign(new Error('syntax error at or near "x"'), { code: '42601' }))).toBe(false);
    expect(isUnavailableError(new StatementTimeoutError(new Error('canceling statement due to statement timeout')))).toBe(false);
    expect(isUnavailableError(undefined)).toBe(false);
  });
});
