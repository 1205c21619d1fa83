import type { OpenAPIV3 } from 'openapi-types';

// The token request both XP Z12-013 services rely on: OAuth 2.0 client credentials (RFC 6749
// §4.4), which the annexes name but do not describe. The client authenticates with HTTP Basic
// (§2.3.1) and asks for a token (§4.4.2); the answer is §5.1's, a refusal §5.2's. Each platform
// has its own token URL, so the path here is only where the recorded exchanges put it. Only what
// RFC 6749 requires is required; a platform may add members (RFC 6749 §5.1 allows it).

const errorCodes = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'];

const refusal: OpenAPIV3.ResponseObject = {
  description: 'Refused (RFC 6749 §5.2).',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string', enum: errorCodes }, error_description: { type: 'string' }, error_uri: { type: 'string', format: 'uri' } },
      },
    },
  },
};

export const oauthTokenDocument: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: { title: 'OAuth 2.0 client credentials token endpoint (RFC 6749 §4.4)', version: '1.0.0' },
  servers: [{ url: 'https://auth.example.invalid', description: "Each platform's own." }],
  paths: {
    '/token': {
      post: {
        operationId: 'requestToken',
        description: 'A token for the client that authenticates.',
        security: [{ ClientBasic: [] }],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['grant_type'],
                properties: { grant_type: { type: 'string', enum: ['client_credentials'] }, scope: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The token (RFC 6749 §5.1); never cached by anyone else.',
            headers: { 'Cache-Control': { required: true, schema: { type: 'string', pattern: 'no-store' } } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['access_token', 'token_type'],
                  properties: {
                    access_token: { type: 'string', minLength: 1 },
                    // RFC 6750 §6.1.1 registers "Bearer"; the type is case-insensitive (RFC 6749 §5.1).
                    token_type: { type: 'string', pattern: '^[Bb][Ee][Aa][Rr][Ee][Rr]$' },
                    expires_in: { type: 'integer', minimum: 1 },
                    scope: { type: 'string' },
                  },
                },
              },
            },
          },
          '400': refusal,
          '401': refusal,
        },
      },
    },
  },
  components: { securitySchemes: { ClientBasic: { type: 'http', scheme: 'basic' } } },
};
