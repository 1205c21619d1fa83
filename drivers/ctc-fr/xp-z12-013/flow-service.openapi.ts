import type { OpenAPIV3 } from 'openapi-types';
import { ERROR_SCHEMA, errorResponse, jsonOf, parameter, ref, response } from './openapi-parts.js';

// The Flow Service of XP Z12-013 (Annex A, version 1.2.0), restated in our own words.
//
// AFNOR's annex is "all rights reserved" with no licence, so it is not in this repository: this
// document restates its interface facts (paths, operationIds, parameters, field names, types,
// enums, patterns, lengths, required lists, status codes, media types) with descriptions of our
// own. For the messages the client sends and reads it is meant to be neither looser nor stricter
// than 1.2.0; the contract test compares it with the annex, property by property, when a local
// copy is given (XP_Z12_013_ANNEX_DIR, see test/ctc-fr/xp-z12-013-contract.test.ts).
//
// Where the annex cannot be used as written we restate what it evidently means (the same list is
// in fixtures/ctc-fr/transport/README.md, and the structural test expects exactly these):
// 1. ReasonCode is `oneOf [ReasonCodeEnum, string]`: a listed code matches both branches, so no
//    validator accepts one. The intent is "a listed code or any other string": `anyOf`.
// 2. FlowInfo.sha256 is `format: byte` (base64) and `pattern ^[a-f0-9]{64}$` (hex): a SHA-256
//    digest in hex is meant; the `format: byte` is dropped.
// 3. The Algorithm enum lists `null` without `nullable`; a signature always names its algorithm,
//    so `null` is dropped.
// 4. The webhook callback's key `{$request.body#/callback.url}` is no valid runtime expression (a
//    JSON pointer separates with `/`): `{$request.body#/callback/url}`.
// 5. The OAuth2 scheme's tokenUrl holds a template (`…/{custId}/token`), which is not a URL; each
//    platform names its own token endpoint anyway, so the document carries a placeholder that
//    is a valid URL and says nothing real: https://auth.example.invalid/token (.invalid never
//    resolves, RFC 6761). The server URL keeps its variables, which OpenAPI allows there.
// The annex's examples give `errorMessage: null` while the schema says string: the schema is
// kept (not nullable); a client should still read an error whose errorMessage is null.


/** Every operation's two optional headers: log correlation and the tenant acted for. */
const commonHeaders = [parameter('RequestIdHeader'), parameter('organizationIdHeaderParam')];

/** The error answers, by status, of an operation (all share the Error body). */
function errors(...statuses: number[]): OpenAPIV3.ResponsesObject {
  return Object.fromEntries(statuses.map((s) => [String(s), response(`Error${s}Response`)]));
}


export const flowServiceDocument: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: {
    title: 'XP Z12-013 Flow Service (restated)',
    version: '1.2.0',
    description: "Our restatement of AFNOR XP Z12-013 Annex A (Flow Service) 1.2.0: deposit flows with an approved platform, search them, read them back, and subscribe to their notifications.",
  },
  servers: [
    {
      url: 'https://{sub-domain}.{domain}/flow-service',
      description: 'Each platform publishes its own.',
      variables: { 'sub-domain': { default: 'api.flow' }, domain: { default: 'company.com' } },
    },
  ],
  security: [{ BearerAuth: [] }, { OAuth2: [] }],
  tags: [{ name: 'Flow' }, { name: 'Supervisor' }, { name: 'Webhook' }],
  paths: {
    '/v1/flows': {
      post: {
        tags: ['Flow'],
        operationId: 'createFlow',
        description: 'Deposit one flow: its metadata and its file, in one multipart request.',
        parameters: commonHeaders,
        requestBody: { $ref: '#/components/requestBodies/FlowPostRequest' },
        responses: { '202': response('FlowPostResponse'), ...errors(400, 401, 403, 413, 422, 429, 500, 503) },
      },
    },
    '/v1/flows/search': {
      post: {
        tags: ['Flow'],
        operationId: 'searchFlows',
        description: 'Flows matching every given criterion (a list criterion matches any of its values).',
        parameters: commonHeaders,
        requestBody: { $ref: '#/components/requestBodies/FlowSearchRequest' },
        responses: { '200': response('FlowSearchResponse'), ...errors(400, 401, 403, 429, 500, 503) },
      },
    },
    '/v1/flows/{flowId}': {
      get: {
        tags: ['Flow'],
        operationId: 'getFlow',
        description: 'One flow: its metadata as JSON, or one of its files as bytes.',
        parameters: [
          ...commonHeaders,
          { name: 'flowId', in: 'path', required: true, description: 'The id the platform gave the flow.', schema: ref('NotOnlyUuid') },
          {
            name: 'docType',
            in: 'query',
            required: false,
            description: 'What to return: the metadata, the deposited file, its conversion or a readable rendering.',
            schema: { type: 'string', default: 'Metadata', enum: ['Metadata', 'Original', 'Converted', 'ReadableView'] },
          },
        ],
        responses: { '200': response('FlowGetResponse'), ...errors(400, 401, 403, 404, 429, 500, 503) },
      },
    },
    '/v1/webhooks': {
      get: {
        tags: ['Webhook'],
        operationId: 'listWebhooks',
        description: "The ids of the caller's webhooks.",
        parameters: commonHeaders,
        responses: { '200': response('WebhookListResponse'), ...errors(400, 401, 403, 500, 503) },
      },
      post: {
        tags: ['Webhook'],
        operationId: 'createWebhook',
        description: 'Subscribe a URL to the flows matching some metadata.',
        parameters: commonHeaders,
        requestBody: { $ref: '#/components/requestBodies/WebhookPostRequest' },
        responses: { '201': response('WebhookLightResponse'), ...errors(400, 401, 403, 500, 503) },
        callbacks: { WebhookCallback: { $ref: '#/components/callbacks/WebhookCallback' } },
      },
    },
    '/v1/webhooks/{webhookUid}': {
      get: {
        tags: ['Webhook'],
        operationId: 'getWebhook',
        description: 'One webhook as it was created or last changed.',
        parameters: [parameter('RequestIdHeader'), parameter('webhookUidPathParam'), parameter('organizationIdHeaderParam')],
        responses: { '200': response('WebhookFullResponse'), ...errors(400, 401, 403, 404, 500, 503) },
      },
      delete: {
        tags: ['Webhook'],
        operationId: 'deleteWebhook',
        description: 'End a subscription.',
        parameters: [parameter('RequestIdHeader'), parameter('webhookUidPathParam'), parameter('organizationIdHeaderParam')],
        responses: { '204': response('Ok204EmptyResponse'), ...errors(400, 401, 403, 404, 500, 503) },
      },
      patch: {
        tags: ['Webhook'],
        operationId: 'updateWebhook',
        description: "Change a webhook's headers, authentication or signature (its metadata stays).",
        parameters: [parameter('RequestIdHeader'), parameter('webhookUidPathParam'), parameter('organizationIdHeaderParam')],
        requestBody: { $ref: '#/components/requestBodies/WebhookPatchRequest' },
        responses: { '204': response('Ok204EmptyResponse'), ...errors(400, 401, 403, 404, 500, 503) },
      },
    },
    '/v1/healthcheck': {
      get: {
        tags: ['Supervisor'],
        operationId: 'getHealth',
        description: 'Whether the service answers.',
        parameters: commonHeaders,
        responses: { '200': response('Ok200EmptyResponse'), ...errors(500, 503) },
      },
    },
  },
  components: {
    schemas: {
      NotOnlyUuid: { type: 'string', maxLength: 36, description: 'An identifier of at most 36 characters, a UUID or not.' },
      ProcessingRule: { type: 'string', enum: ['B2B', 'B2BInt', 'B2C', 'B2G', 'B2GInt', 'OutOfScope', 'B2GOutOfScope', 'ArchiveOnly', 'NotApplicable'] },
      FlowSyntax: { type: 'string', enum: ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] },
      FlowProfile: { type: 'string', enum: ['Basic', 'CIUS', 'Extended-CTC-FR'] },
      FlowType: {
        type: 'string',
        description: 'What the platform classified the flow as: an invoice, a lifecycle message (…LC) or an e-reporting.',
        enum: [
          'CustomerInvoice',
          'SupplierInvoice',
          'StateInvoice',
          'CustomerInvoiceLC',
          'SupplierInvoiceLC',
          'StateCustomerInvoiceLC',
          'StateSupplierInvoiceLC',
          'AggregatedCustomerTransactionReport',
          'UnitaryCustomerTransactionReport',
          'AggregatedCustomerPaymentReport',
          'UnitaryCustomerPaymentReport',
          'UnitarySupplierTransactionReport',
          'MultiFlowReport',
        ],
      },
      FlowDirection: { type: 'string', enum: ['In', 'Out'], description: 'In: from the platform to the client; Out: from the client to the platform.' },
      FlowAckStatus: { type: 'string', enum: ['Pending', 'Ok', 'Error'], description: "The platform's technical acceptance of the flow (not a lifecycle status)." },
      // Deviation 1: anyOf where the annex says oneOf.
      ReasonCode: { anyOf: [ref('ReasonCodeEnum'), { type: 'string' }], description: 'A listed reason, or any other the platform uses.' },
      ReasonCodeEnum: {
        type: 'string',
        enum: [
          'EmptyAttachement',
          'AttachmentTypeError',
          'EmptyFlow',
          'OtherTechnicalError',
          'InvalidSchema',
          'FileSizeExceeded',
          'FlowTypeError',
          'AlreadyExistingFlow',
          'VirusFound',
          'ChecksumMismatch',
          'InvoiceLCInvalidStatus',
          'InvoiceLCStatusError',
          'InvoiceLCRuleError',
          'InvoiceLCAccessDenied',
          'InvoiceLCAmountError',
        ],
      },
      // Deviation 3: no null among the algorithms.
      Algorithm: { type: 'string', enum: ['RS256', 'HS256', 'ECDSA', 'EDDSA_25519', 'RSA_PSS', 'EDDSA_448'] },
      CoreFlowInfo: {
        type: 'object',
        required: ['flowSyntax', 'name'],
        properties: {
          trackingId: { allOf: [ref('NotOnlyUuid')], description: "The depositor's own id for the flow, searchable." },
          name: { type: 'string', maxLength: 255, description: 'The file name.' },
          processingRule: ref('ProcessingRule'),
          flowSyntax: ref('FlowSyntax'),
          flowProfile: ref('FlowProfile'),
        },
      },
      FlowInfoExtension: {
        type: 'object',
        properties: {
          // Deviation 2: hex, without `format: byte`.
          sha256: { type: 'string', pattern: '^[a-f0-9]{64}$', description: "The file's SHA-256, lower-case hex." },
        },
      },
      FlowInfo: { allOf: [ref('CoreFlowInfo'), ref('FlowInfoExtension')], description: 'What the depositor says of the file it deposits.' },
      SearchFlowParams: {
        type: 'object',
        required: ['where'],
        properties: { limit: { type: 'integer', maximum: 100, default: 25 }, where: ref('SearchFlowFilters') },
      },
      SearchFlowFilters: {
        type: 'object',
        description: 'Criteria, all of which a flow meets; updatedAfter is exclusive.',
        properties: {
          updatedAfter: { type: 'string', format: 'date-time' },
          updatedBefore: { type: 'string', format: 'date-time' },
          processingRule: { type: 'array', items: ref('ProcessingRule') },
          flowType: { type: 'array', items: ref('FlowType') },
          flowDirection: { type: 'array', items: ref('FlowDirection') },
          trackingId: ref('NotOnlyUuid'),
          ackStatus: ref('FlowAckStatus'),
        },
      },
      FullFlowInfoExtension: {
        type: 'object',
        required: ['flowId', 'submittedAt'],
        properties: {
          flowId: ref('NotOnlyUuid'),
          submittedAt: { type: 'string', format: 'date-time', description: "The platform's time of receipt, the reference for later searches." },
        },
      },
      FullFlowInfo: { allOf: [ref('FullFlowInfoExtension'), ref('FlowInfo')] },
      AcknowledgementDetail: {
        type: 'object',
        required: ['item', 'level', 'reasonCode', 'reasonMessage'],
        properties: {
          level: { type: 'string', enum: ['Error', 'Warning'] },
          item: { type: 'string', description: 'What the detail is about.' },
          reasonCode: ref('ReasonCode'),
          reasonMessage: { type: 'string' },
        },
      },
      AcknowledgementDetails: { type: 'array', minItems: 1, items: ref('AcknowledgementDetail') },
      Acknowledgement: {
        type: 'object',
        required: ['status'],
        properties: { status: ref('FlowAckStatus'), details: ref('AcknowledgementDetails') },
      },
      FlowExtension: {
        type: 'object',
        required: ['acknowledgement', 'flowDirection', 'flowType', 'processingRuleSource', 'updatedAt'],
        properties: {
          updatedAt: { type: 'string', format: 'date-time' },
          flowType: ref('FlowType'),
          processingRuleSource: { type: 'string', enum: ['Input', 'Computed'], description: 'Whether the processing rule was given or deduced.' },
          flowDirection: ref('FlowDirection'),
          acknowledgement: ref('Acknowledgement'),
        },
      },
      Flow: { allOf: [ref('CoreFlowInfo'), ref('FullFlowInfoExtension'), ref('FlowExtension')], description: 'A flow as the platform knows it.' },
      SearchFlowContent: {
        type: 'object',
        properties: { limit: { type: 'integer' }, filters: ref('SearchFlowFilters'), results: { type: 'array', items: ref('Flow') } },
      },
      CallbackParameters: {
        type: 'object',
        required: ['url'],
        properties: {
          url: { type: 'string', format: 'uri', description: 'Where the platform posts.' },
          headers: { type: 'array', items: ref('CallbackHeader') },
          authentication: ref('CallbackAuthentication'),
          signature: ref('CallbackSignature'),
        },
      },
      CallbackHeader: {
        type: 'object',
        required: ['headerName', 'headerValue'],
        properties: { headerName: { type: 'string' }, headerValue: { type: 'string' } },
      },
      OAuth2Authentication: {
        type: 'object',
        required: ['clientId', 'clientSecret', 'tokenUrl'],
        properties: { tokenUrl: { type: 'string', format: 'uri' }, clientId: { type: 'string' }, clientSecret: { type: 'string', format: 'password' } },
      },
      BasicAuthentication: {
        type: 'object',
        required: ['userId', 'userPassword'],
        properties: { userId: { type: 'string' }, userPassword: { type: 'string', format: 'password' } },
      },
      CallbackAuthentication: {
        type: 'object',
        description: 'How the platform authenticates to the callback URL.',
        required: ['authType'],
        properties: { authType: { type: 'string', enum: ['BASIC', 'OAUTH2'] } },
        oneOf: [ref('BasicAuthentication'), ref('OAuth2Authentication')],
      },
      CallbackSignature: {
        type: 'object',
        description: 'How the platform signs its calls.',
        required: ['algo', 'key'],
        properties: { algo: ref('Algorithm'), key: { type: 'string', format: 'byte' } },
      },
      WebhookMetadata: {
        type: 'object',
        description: 'Which flows the webhook is called for.',
        required: ['flowDirection', 'flowType'],
        properties: { processingRule: ref('ProcessingRule'), flowType: ref('FlowType'), flowDirection: ref('FlowDirection'), ackStatus: ref('FlowAckStatus') },
      },
      WebhookParams: {
        type: 'object',
        required: ['callback', 'metadata'],
        properties: { callback: ref('CallbackParameters'), metadata: ref('WebhookMetadata') },
      },
      WebhookId: { type: 'string', format: 'uuid' },
      WebhookIdParam: { type: 'object', properties: { webhookId: ref('WebhookId') } },
      Webhook: { allOf: [ref('WebhookIdParam'), ref('WebhookParams')] },
      WebhookPatchPayload: {
        type: 'object',
        properties: { headers: { type: 'array', items: ref('CallbackHeader') }, authentication: ref('CallbackAuthentication'), signature: ref('CallbackSignature') },
      },
      Error: ERROR_SCHEMA,
    },
    responses: {
      FlowSearchResponse: { description: 'The flows found.', content: jsonOf('SearchFlowContent') },
      FlowPostResponse: { description: 'Taken; checked later (see the acknowledgement).', content: jsonOf('FullFlowInfo') },
      FlowGetResponse: {
        description: 'The metadata (JSON) or the file asked for (bytes).',
        headers: { 'Content-Disposition': { description: "The file's name, for a file.", schema: { type: 'string', pattern: 'attachment;filename=*' } } },
        content: { 'application/octet-stream': {}, 'application/json': { schema: ref('Flow') } },
      },
      WebhookLightResponse: { description: 'Created.', content: jsonOf('WebhookIdParam') },
      WebhookFullResponse: { description: 'The webhook.', content: jsonOf('Webhook') },
      WebhookListResponse: {
        description: 'The webhook ids.',
        content: { 'application/json': { schema: { type: 'object', required: ['webhookIds'], properties: { webhookIds: { type: 'array', items: ref('WebhookId') } } } } },
      },
      Error400Response: errorResponse('Bad request.'),
      Error401Response: errorResponse('No valid token.'),
      Error403Response: errorResponse('Not allowed.'),
      Error413Response: errorResponse('The file is too large.'),
      Error422Response: errorResponse('Refused as it is (for example a flow deposited already).'),
      Error429Response: errorResponse('Too many requests.'),
      Error500Response: errorResponse('Server error.'),
      Error503Response: errorResponse('Unavailable for now.'),
      Error404Response: errorResponse('Not found.'),
      Ok204EmptyResponse: { description: 'Done, nothing to return.' },
      Ok200EmptyResponse: { description: 'OK.' },
    },
    parameters: {
      webhookUidPathParam: { name: 'webhookUid', in: 'path', required: true, description: "The webhook's id.", schema: ref('WebhookId') },
      organizationIdHeaderParam: { name: 'Organization-Id', in: 'header', required: false, description: 'The tenant acted for, when one client serves several.', schema: { type: 'string' } },
      RequestIdHeader: { name: 'Request-Id', in: 'header', required: false, description: 'Correlates the logs of both sides.', schema: { type: 'string', format: 'uuid' } },
    },
    requestBodies: {
      FlowSearchRequest: { content: jsonOf('SearchFlowParams') },
      FlowPostRequest: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file', 'flowInfo'],
              properties: { flowInfo: ref('FlowInfo'), file: { type: 'string', format: 'binary' } },
            },
            encoding: { file: { contentType: 'application/pdf, application/xml' }, flowInfo: { contentType: 'application/json' } },
          },
        },
      },
      WebhookPostRequest: { content: jsonOf('WebhookParams') },
      WebhookPatchRequest: { content: jsonOf('WebhookPatchPayload') },
    },
    securitySchemes: {
      BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      OAuth2: {
        type: 'oauth2',
        description: 'Client credentials only; each platform has its own token URL (deviation 5: a placeholder here).',
        flows: { clientCredentials: { tokenUrl: 'https://auth.example.invalid/token', scopes: {} } },
      },
    },
    callbacks: {
      WebhookCallback: {
        // Deviation 4: /callback/url, where the annex writes /callback.url.
        '{$request.body#/callback/url}': {
          post: {
            description: 'The platform tells the subscriber about a flow; the body is that flow.',
            parameters: [{ name: 'Signature', in: 'header', required: false, description: 'The signature, when the webhook has one.', schema: { type: 'string', format: 'byte' } }],
            requestBody: { required: true, content: jsonOf('Flow') },
            responses: {
              '200': response('Ok200EmptyResponse'),
              '400': response('Error400Response'),
              '401': response('Error401Response'),
              '403': response('Error403Response'),
              '500': response('Error500Response'),
            },
          },
        },
      },
    },
  },
};
