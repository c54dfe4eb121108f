/** Paise as people read them: ₹999, ₹1,499, ₹12.50 (Indian digit grouping). */
export function formatAmount(amount: number, currency: string): string {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(amount / 100);
}
