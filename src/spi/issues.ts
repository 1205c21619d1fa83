/**
 * One thing a driver found wrong (or doubtful) in a document. `code` is stable (`PEPPOL-024`)
 * and listed in the driver's README; `kind` is the SPI error code the issue becomes in a 400;
 * `path` names the SPI field (`lines[2].classified_tax_category[0].category`).
 */
export interface Issue {
  code: string;
  severity: 'error' | 'warning';
  kind: 'MISSING_REQUIRED_DATA' | 'INVALID_DATA';
  path: string;
  message: string;
}

/**
 * Collects issues for one document; drivers report through it instead of throwing. Shared layers
 * (the semantic invoice, src/formats/en16931) report bare numbers (`024`): the list prefixes them with
 * the driver's name, so each driver keeps its own stable codes (`PEPPOL-024`, `EINVOICE-024`).
 */
export class IssueList {
  readonly items: Issue[] = [];

  /** `prefix`: the driver's id, which its codes and settings are named by. */
  constructor(readonly prefix?: string) {}

  missing(code: string, path: string, message: string): void {
    this.items.push({ code: this.qualified(code), severity: 'error', kind: 'MISSING_REQUIRED_DATA', path, message });
  }

  invalid(code: string, path: string, message: string): void {
    this.items.push({ code: this.qualified(code), severity: 'error', kind: 'INVALID_DATA', path, message });
  }

  warn(code: string, path: string, message: string): void {
    this.items.push({ code: this.qualified(code), severity: 'warning', kind: 'INVALID_DATA', path, message });
  }

  private qualified(code: string): string {
    return this.prefix && /^\d+$/.test(code) ? `${this.prefix}-${code}` : code;
  }

  get hasErrors(): boolean {
    return this.items.some((i) => i.severity === 'error');
  }
}

export function errorsOf(issues: readonly Issue[]): Issue[] {
  return issues.filter((i) => i.severity === 'error');
}

/** `lines[2].amount: must equal ... [PEPPOL-029]` — the text an issue shows in an error_response. */
export function issueMessage(issue: Issue): string {
  return `${issue.path ? `${issue.path}: ` : ''}${issue.message} [${issue.code}]`;
}
