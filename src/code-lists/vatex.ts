// The CEF VAT exemption reason code list (VATEX), which EN 16931's BR-CL-22 checks BT-121
// against: the codes of the list the EN 16931 validation artefacts 1.3.x carry. A code names the
// legal ground of an exemption (VATEX-EU-132-1I: Article 132(1)(i) of Directive 2006/112/EC,
// education) and is compared in upper case, as the official rule does.

const EU_132 = 'ABCDEFGHIJKLMNOPQ'.split('').map((l) => `132-1${l}`);
const EU_143 = [...'ABCDEFGHIJKL'.split('').map((l) => `143-1${l}`), '143-1FA'];
const EU_148 = 'ABCDEFG'.split('').map((l) => `148-${l}`);
const EU_151 = ['151-1A', '151-1AA', '151-1B', '151-1C', '151-1D', '151-1E'];
const EU = ['79-C', '132', ...EU_132, '135-1', '143', ...EU_143, '144', '146-1E', '148', ...EU_148, '151', ...EU_151, '153', '159', '309', 'AE', 'D', 'F', 'G', 'I', 'IC', 'J', 'O'];
// France's national codes (CGI articles), part of the same list since its 2024 versions.
const FR = [
  'FRANCHISE', 'CNWVAT', 'AE', '298SEXDECIESA', 'CGI261-1', 'CGI261-2', 'CGI261-3', 'CGI261-4', 'CGI261-5', 'CGI261-7', 'CGI261-8', 'CGI261A', 'CGI261B',
  'CGI261C-1', 'CGI261C-2', 'CGI261C-3', 'CGI261D-1', 'CGI261D-1BIS', 'CGI261D-2', 'CGI261D-3', 'CGI261D-4', 'CGI261E-1', 'CGI261E-2', 'CGI275', 'CGI277A', 'CGI295',
];

export const VATEX_CODES: ReadonlySet<string> = new Set([...EU.map((c) => `VATEX-EU-${c}`), ...FR.map((c) => `VATEX-FR-${c}`)]);

export function isVatexCode(code: string): boolean {
  return VATEX_CODES.has(code.trim().toUpperCase());
}
