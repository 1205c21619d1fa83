import busboy from 'busboy';

// The parts of a multipart/form-data body (RFC 7578), read with busboy, each with its own
// Content-Type and file name: the AFNOR flow API's createFlow (flowInfo and file: the sandbox's
// platform and the contract check read deposits with it; openapi-backend reads no multipart), and
// the console's forms that upload a file (a certificate).

export interface FormPart {
  name: string;
  filename?: string;
  /** The part's own Content-Type, when it has one. */
  contentType?: string;
  content: Buffer;
}

/** The parts of `body`, or why it cannot be read as multipart/form-data of that content type. */
export function formParts(body: Buffer | string, contentType: string): Promise<FormPart[] | string> {
  return new Promise((resolve) => {
    let reader: busboy.Busboy;
    try {
      reader = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: 1024 * 1024 } });
    } catch (err) {
      return resolve(`not multipart/form-data with a boundary: ${contentType} (${(err as Error).message})`);
    }
    const parts: FormPart[] = [];
    const pending: Promise<void>[] = [];
    // A part without a file name is a field: busboy gives its Content-Type only when the part says one.
    reader.on('field', (name, value, info) => parts.push({ name, content: Buffer.from(value, 'utf8'), ...(info.mimeType !== 'text/plain' && { contentType: info.mimeType }) }));
    reader.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      pending.push(new Promise((done) => stream.on('end', () => done(void parts.push({ name, filename: info.filename, contentType: info.mimeType, content: Buffer.concat(chunks) })))));
    });
    reader.on('error', (err: Error) => resolve(`the multipart body cannot be read: ${err.message}`));
    reader.on('close', () => void Promise.all(pending).then(() => resolve(parts)));
    reader.end(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  });
}
