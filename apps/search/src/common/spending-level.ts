/** Spending levels a search can run at. */
export type SpendingLevel = 'transactions' | 'awards' | 'subawards';

/**
 * The effective level: the deprecated `subawards: true` wins (upstream), otherwise `spending_level`,
 * otherwise the endpoint's default.
 */
export function resolveSpendingLevel<L extends SpendingLevel>(
  body: { spending_level?: L | undefined; subawards?: boolean | undefined },
  fallback: L,
): L | 'subawards' {
  if (body.subawards === true) return 'subawards';
  return body.spending_level ?? fallback;
}
