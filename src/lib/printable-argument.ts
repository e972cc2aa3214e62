/**
 * A command-line argument as an error message may quote it: control characters shown as `?` (so
 * an argument cannot move the cursor or clear the terminal) and cut to `max` characters.
 */
export function printableArgument(value: string, max = 40): string {
  const shown = value.replace(/\p{Cc}/gu, '?');
  return shown.length > max ? `${shown.slice(0, max)}…` : shown;
}
