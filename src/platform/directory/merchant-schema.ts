import Type, { type Static } from 'typebox';
import { named } from '../../lib/schema-name.js';

// What the admin API takes for a merchant. The callback site is the platform's base URL (the
// status callbacks go to `{site}/api/v2/invoices/{id}/einvoice_status`); `{domain}` in it is
// filled from the `domain` claim of the merchant's access token, as the platform's own site URL
// is (`https://{domain}.chargebee.com`). Without one, MERCHANT_SITE_URL (that URL, or the local
// billing module under `start`). The OAuth client and endpoints default to the adapter's OAUTH_*
// settings, which default to the platform's published ones.

const Url = Type.String({ pattern: '^https?://[^\\s#?]+$', maxLength: 500 });

export const MerchantCallbackSchema = Type.Object(
  {
    site_url: Type.Optional(Url),
    authorize_url: Type.Optional(Url),
    token_url: Type.Optional(Url),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    scope: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]+( [\\x21\\x23-\\x5b\\x5d-\\x7e]+)*$' })),
  },
  { additionalProperties: false },
);
export type MerchantCallback = Static<typeof MerchantCallbackSchema>;
named(MerchantCallbackSchema, 'MerchantCallback');

const Instant = Type.String({ format: 'date-time' });
export const ApiKeyViewSchema = Type.Object({ id: Type.String(), hint: Type.String(), created_at: Instant }, { additionalProperties: false });

export const MerchantViewSchema = named(
  Type.Object(
    {
      id: Type.String(),
      display_name: Type.String(),
      business_entity_ids: Type.Array(Type.String()),
      callback: MerchantCallbackSchema,
      connection: Type.Object(
        {
          status: Type.Enum(['connected', 'held', 'not_connected']),
          reason: Type.Optional(Type.String()),
          connected_at: Type.Optional(Instant),
          expires_at: Type.Optional(Instant),
        },
        { additionalProperties: false },
      ),
      /** The live keys, by their hint: a key itself is shown once, when it is made. */
      api_keys: Type.Array(ApiKeyViewSchema),
      created_at: Instant,
      updated_at: Instant,
    },
    { additionalProperties: false },
  ),
  'MerchantView',
);
/** What the admin API answers for a merchant. */
export type MerchantView = Static<typeof MerchantViewSchema>;


export const MERCHANT_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$';

export const MerchantInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: MERCHANT_ID_PATTERN })),
    display_name: Type.String({ minLength: 1, maxLength: 200 }),
    business_entity_ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 }),
    callback: Type.Optional(MerchantCallbackSchema),
  },
  { additionalProperties: false },
);
export type MerchantInput = Static<typeof MerchantInputSchema>;

/** The stored JSON (written only after the schema passed it). */
export function readMerchantCallback(json: string): MerchantCallback {
  return JSON.parse(json) as MerchantCallback;
}
