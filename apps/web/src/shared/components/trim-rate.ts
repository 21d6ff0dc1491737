/** An exchange rate as stored (numeric with 10 decimals) without its trailing zeros: '1.0000000000' → '1', '0.2500000000' → '0.25'. */
export function trimRate(rate: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(rate)) return rate;
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
