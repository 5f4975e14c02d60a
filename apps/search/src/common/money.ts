/** Rounds a dollar amount to cents, removing binary floating-point noise from sums of JS numbers. */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}
