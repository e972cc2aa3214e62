/**
 * XPath's number() of a string: the value of an xs:double literal with white space around it (a
 * sign, digits, a point, an exponent; INF and NaN), else NaN. The national rules compare with it.
 */
export function xpathNumber(value: string): number {
  const text = value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (/^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(text)) return Number(text);
  if (text === 'INF' || text === '+INF') return Infinity;
  if (text === '-INF') return -Infinity;
  return Number.NaN;
}
