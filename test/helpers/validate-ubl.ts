import { execFileSync } from 'node:child_process';
import { sharedAvailable, sharedPath } from './shared-folder.js';

/** The official validation tool, when ../shared is present (it is not part of the repository). */
export const VALIDATE_UBL = sharedPath('tools', 'validate-ubl', 'validate-ubl');

export interface ValidationResult {
  file: string;
  valid: boolean;
  fatal: number;
  errors: { id: string; flag: string; message: string }[];
}

/** Whether the validator is there; without it, a note says the official validation of the tests' documents was skipped. */
export function validatorAvailable(): boolean {
  return sharedAvailable(VALIDATE_UBL, 'the official validation of the documents the tests produce');
}

/** Runs the official rules over files (the tool's choice per document, or `--rules`); one result per file. */
export function validateFiles(files: readonly string[], rules?: string): ValidationResult[] {
  let out: string;
  try {
    out = execFileSync(VALIDATE_UBL, ['--json', ...(rules ? ['--rules', rules] : []), ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (err) {
    // Exit code 1 means "some file failed"; the JSON report is still on stdout.
    out = (err as { stdout?: string }).stdout ?? '';
    if (!out) throw err;
  }
  return (JSON.parse(out) as { results: ValidationResult[] }).results;
}
