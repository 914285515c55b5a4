const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Spec §3 shows server dates as YYYY-MM-DD h:mm A. The server sends UTC instants (ISO 8601 with a trailing 'Z');
 * reading the string without that 'Z', as the spec's client did, would show a beekeeper the UTC clock time, so the
 * whole instant is read and shown in the phone's own time zone. Empty, null or unreadable values show as ''.
 */
export function formatServerDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${hour12}:${pad(date.getMinutes())} ${meridiem}`;
}
