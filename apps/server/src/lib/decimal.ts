/** A numeric column's text without trailing zeros: '12.5000' -> '12.5', '3.0000' -> '3'. */
export const normaliseDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
