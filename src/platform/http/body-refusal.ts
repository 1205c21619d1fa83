/**
 * Why a request's body was refused before any route read it. The body reader is shared by both
 * APIs, so it says what is wrong and each app's one error path answers it in its own shape.
 */
export type BodyRefusalReason =
  /** A body in a media type the API does not read (curl's default form type on the SPI): 415. */
  | 'unsupported_type'
  /** A Content-Encoding the reader cannot undo: 415. */
  | 'unsupported_encoding'
  /** A body that is not what its Content-Encoding says (not gzip under `gzip`): 400. */
  | 'undecodable'
  /** JSON nested deeper than MAX_JSON_DEPTH: 400. */
  | 'too_deep';

export class BodyRefusal extends Error {
  readonly status: 400 | 415;

  constructor(
    readonly reason: BodyRefusalReason,
    message: string,
  ) {
    super(message);
    this.status = reason === 'unsupported_type' || reason === 'unsupported_encoding' ? 415 : 400;
  }
}
