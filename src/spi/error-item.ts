// What the SPI's error_response carries per problem: the API answers them, and a network's
// refusal (a transport's events) speaks the same words.

/** The SPI's error codes (error_response_errors_inner.code). */
export type SpiErrorCode =
  | 'INVALID_OPERATION'
  | 'SERVICE_EXCEPTION'
  | 'SERVICE_UNAVAILABLE'
  | 'SERVICE_LIMIT_EXCEEDED'
  | 'MISSING_REQUIRED_DATA'
  | 'INVALID_DATA'
  | 'NOT_FOUND';

export interface SpiErrorItem {
  code: SpiErrorCode;
  message: string;
}
