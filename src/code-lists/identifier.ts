/** An identifier as compared and written: upper case, without spaces, dots or dashes (`DE 123.456-789` → `DE123456789`). */
export function compactId(id: string): string {
  return id.toUpperCase().replace(/[\s.\-]/g, '');
}
