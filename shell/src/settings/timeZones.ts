/**
 * Every IANA zone this browser knows, alphabetically, with UTC and `current` among them (a
 * zone chosen on another device that this browser does not list is still shown as chosen).
 */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', current])].sort((a, b) => a.localeCompare(b));
}
