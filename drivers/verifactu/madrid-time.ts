// FechaHoraHusoGenRegistro, and the AEAT's own answer times: an instant as Spanish local time
// with its UTC offset (the offset changes with daylight saving time).

const MADRID = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
});

/** The instant as Spanish local time with its offset, `2024-01-01T19:20:30+01:00` (FechaHoraHusoGenRegistro). */
export function madridTimestamp(now: Date): string {
  const parts = Object.fromEntries(MADRID.formatToParts(now).map((p) => [p.type, p.value]));
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
