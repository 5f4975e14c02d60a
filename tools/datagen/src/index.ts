export { AWARD_DATA_TABLES, generateAwardData } from './generate-award-data';
export type { GenerateOptions, GenerateResult } from './generate-award-data';
export { awardDataCounts, ensureAwardData } from './ensure-award-data';
export { formatCounts, formatSummary } from './summary';
export { isScaleName, SCALES } from './scales';
export type { Scale, ScaleName } from './scales';
export { recipientHash } from './recipients';
