import Type, { type Static } from 'typebox';
import { Enum, Str } from '../params.js';

// Webhook endpoints (API v2): where events are POSTed. At most five per site. The basic-auth
// password is kept to authenticate deliveries and is never answered back.

export const WebhookEndpointCreate = Type.Object({
  name: Str(50, { minLength: 1 }),
  url: Str(512, { minLength: 1 }),
  api_version: Type.Optional(Enum(['v1', 'v2'])),
  primary_url: Type.Optional(Type.Boolean()),
  disabled: Type.Optional(Type.Boolean()),
  basic_auth_username: Type.Optional(Str(255)),
  basic_auth_password: Type.Optional(Str(255)),
  send_card_resource: Type.Optional(Type.Boolean()),
  chargebee_response_schema_type: Type.Optional(Enum(['plans_addons', 'items', 'compat'])),
  enabled_events: Type.Optional(Type.Array(Str(100, { minLength: 1 }), { maxItems: 500 })),
});
export type WebhookEndpointCreate = Static<typeof WebhookEndpointCreate>;

export const WebhookEndpointUpdate = Type.Partial(WebhookEndpointCreate);
export type WebhookEndpointUpdate = Static<typeof WebhookEndpointUpdate>;

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  name: string;
  url: string;
  api_version: 'v1' | 'v2';
  primary_url: boolean;
  disabled: boolean;
  send_card_resource: boolean;
  chargebee_response_schema_type?: 'plans_addons' | 'items' | 'compat';
  /** Absent: every event type. */
  enabled_events?: string[];
  basic_auth_username?: string;
  /** Stored, never answered (see `webhookEndpointView`). */
  basic_auth_password?: string;
  created_at: number;
  updated_at: number;
  resource_version: number;
}
