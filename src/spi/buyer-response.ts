import Type, { type Static } from 'typebox';

// A buyer's answer to an invoice, as the sandbox's buyer is told to give it and as a driver
// writes it in its own format (Driver.buyerResponse).

export const BUYER_RESPONSE_STATUSES = ['ACCEPTED', 'REJECTED', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID', 'IN_PROCESS', 'MESSAGE_ACKNOWLEDGEMENT'] as const;

/** A buyer's business response: the SPI status it gives the invoice, and its clarification. */
export const BuyerResponseSchema = Type.Object(
  {
    status: Type.Enum(BUYER_RESPONSE_STATUSES),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    /** OPStatusReason code (REF, PRI, QTY…); OTH when a reason is needed and none is given. */
    reason_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    /** OPStatusAction code (NOA, PIN, NIN, CNF, CNP, CNA, OTH). */
    action_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
);
export type BuyerResponse = Static<typeof BuyerResponseSchema>;
