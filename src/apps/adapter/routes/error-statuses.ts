// The error statuses each group of routes really answers, beside its routes' own (declared once,
// so that the OpenAPI document says what the stack does): the body reader's 400/413/415, the
// key guard's 401 and 429, a merchant's key refused an entity's document (403), the unknown
// document (404), the load shedding and a held entity (503), and the masked unexpected error (500).

export const SPI_ERRORS = [400, 401, 403, 404, 413, 415, 429, 500, 503] as const;
export const ADMIN_ERRORS = [400, 401, 404, 409, 413, 415, 429, 500] as const;
/** The routes whose credential is the request itself (a signed link, an OAuth state). */
export const OPEN_ERRORS = [400, 413, 415, 500] as const;
