// The parts of a multipart/form-data body (RFC 7578), read from its text: createFlow's flowInfo
// and file. openapi-backend does not read multipart bodies, so the contract check reads them
// here. Text only: the recorded exchanges carry XML files; a binary part would need the bytes.

export interface FormPart {
  name: string;
  filename?: string;
  /** The part's own Content-Type, when it has one. */
  contentType?: string;
  content: string;
}

/** The parts of `body`, or why it cannot be read as multipart/form-data of that content type. */
export function formParts(body: string, contentType: string): FormPart[] | string {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !boundary) return `not multipart/form-data with a boundary: ${contentType}`;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const sections = body.split(delimiter);
  // Before the first delimiter: a preamble; after the last: "--" and an epilogue.
  if (sections.length < 3 || !sections[sections.length - 1]!.startsWith('--')) return 'the multipart body does not end with its closing delimiter';
  const parts: FormPart[] = [];
  for (const section of sections.slice(1, -1)) {
    const headEnd = section.indexOf('\r\n\r\n');
    if (!section.startsWith('\r\n') || headEnd < 0 || !section.endsWith('\r\n')) return 'a part is not CRLF-delimited headers and content';
    const headers = new Map(
      section
        .slice(2, headEnd)
        .split('\r\n')
        .map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    const disposition = headers.get('content-disposition') ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (!/^form-data\s*;/i.test(disposition) || name === undefined) return `a part has no form-data name: ${disposition || '(no Content-Disposition)'}`;
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const type = headers.get('content-type');
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), ...(type ? { contentType: type } : {}), content: section.slice(headEnd + 4, -2) });
  }
  return parts;
}
