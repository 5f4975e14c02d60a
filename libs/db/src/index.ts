export { createDbPool } from './pool';
export type { DatabasePool, DbPoolOptions } from './pool';
export { isUnavailableError } from './pool-guard';
export { createResultParserInterceptor } from './result-parser.interceptor';
