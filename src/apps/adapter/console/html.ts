// Pages are strings built here: a value is escaped unless it is already Html, so markup enters a
// page only through this tag (no template engine, nothing that could be told to run a script).

/** Markup made by `html`: inserted as it is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Html as it is; arrays joined; null, undefined and false as nothing; anything else escaped. */
function piece(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1]!;
  return new Html(out);
}
