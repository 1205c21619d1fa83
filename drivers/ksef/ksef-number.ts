// The KSeF number: `NIP-YYYYMMDD-12 hex-CRC`, 35 characters; the last two are the CRC-8
// (polynomial 0x07, initial value 0) of the 32 characters before the last hyphen, in hex.

export function crc8(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

export function ksefNumber(nip: string, date: string, technical: string): string {
  const data = `${nip}-${date.replace(/-/g, '')}-${technical.toUpperCase()}`;
  return `${data}-${crc8(data).toString(16).toUpperCase().padStart(2, '0')}`;
}

export function isKsefNumber(value: string): boolean {
  const m = /^([1-9][0-9]{9}-[0-9]{8}-[0-9A-F]{12})-([0-9A-F]{2})$/.exec(value);
  return !!m && crc8(m[1]!).toString(16).toUpperCase().padStart(2, '0') === m[2];
}
