import type { OpenAPIV3 } from 'openapi-types';
import { ERROR_SCHEMA, errorResponse, jsonOf, parameter, ref, response } from './openapi-parts.js';

// The Directory Service of XP Z12-013 (Annex B, version 1.2.0), restated in our own words: who
// can be invoiced at which electronic address (directory lines), and the SIREN, SIRET and
// routing codes behind them. As for flow-service.openapi.ts, AFNOR's annex is not in this
// repository; this document restates its interface facts with descriptions of our own and the
// contract test compares it with a local copy of the annex when one is given.
//
// Nothing in the annex's directory schemas is required but the error's code; searches answer 200,
// 206 (a partial result) or 204 (nothing found, no body). Errors are `application/json` per status
// and `application/problem+json` for any other status (`default`), as in the annex.
//
// Deviation from the annex (listed in fixtures/ctc-fr/transport/README.md too):
// 5. The OAuth2 scheme's tokenUrl holds a template, not a URL: a placeholder here (see
//    flow-service.openapi.ts).
// 6. getHealth asks for `bearerAuth: ["health.read"]`, but scopes exist only for OAuth2 schemes
//    (an http scheme's list must be empty) and the OAuth2 scheme defines none: a bearer token,
//    no scope.
// 7. directoryLineStatus is at most 7 characters long, and one of Enabled, Disabled and Upcoming:
//    Upcoming has 8, so no upcoming line passes. The enumeration is meant: at most 8.
// The sort of routing codes names its direction `order` where the other searches say
// `sortingOrder`; that is what the annex says, and it is kept.


/** A search criterion: an operator and the value it compares with. */
const criterion = (operator: string, value: string): OpenAPIV3.SchemaObject => ({ type: 'object', properties: { op: ref(operator), value: ref(value) } });

/** A string of at most `maxLength` characters, maybe with a pattern. */
const text = (maxLength: number, pattern?: string): OpenAPIV3.SchemaObject => ({ type: 'string', maxLength, ...(pattern ? { pattern } : {}) });

/** An enumeration whose values are all at most `maxLength` characters long. */
const codes = (maxLength: number, values: string[]): OpenAPIV3.SchemaObject => ({ type: 'string', maxLength, enum: values });

/** A comma-separated query list (explode off). */
const list = (name: string, items: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject, description: string): OpenAPIV3.ParameterObject => ({
  name,
  in: 'query',
  required: false,
  explode: false,
  description,
  schema: { type: 'array', items },
});

const errorStatuses = [400, 401, 403, 404, 408, 422, 429, 500, 501, 503];

/** The answers of a read or a search: success (and for a search, 206 and 204), the errors, and any other status. */
function answers(success: string, search: boolean): OpenAPIV3.ResponsesObject {
  const ok: OpenAPIV3.ResponseObject = { description: 'Found.', content: jsonOf(success) };
  return {
    '200': ok,
    ...(search ? { '204': response('Ok204EmptyResponse'), '206': { description: 'Part of what was found.', content: jsonOf(success) } } : {}),
    ...Object.fromEntries(errorStatuses.map((s) => [String(s), response(`Error${s}Response`)])),
    default: { description: 'Another error.', content: { 'application/problem+json': { schema: ref('Error') } } },
  };
}

const search = (tag: string, operationId: string, body: string, answer: string, description: string, required?: boolean): OpenAPIV3.PathItemObject => ({
  post: {
    tags: [tag],
    operationId,
    description,
    requestBody: { content: jsonOf(body), ...(required ? { required } : {}) },
    responses: answers(answer, true),
  },
});


const bool: OpenAPIV3.SchemaObject = { type: 'boolean' };

export const directoryServiceDocument: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: {
    title: 'XP Z12-013 Directory Service (restated)',
    version: '1.2.0',
    description: "Our restatement of AFNOR XP Z12-013 Annex B (Directory Service) 1.2.0: the companies (SIREN), facilities (SIRET), routing codes and directory lines (electronic addresses) of the French e-invoicing directory.",
  },
  servers: [
    {
      url: 'https://{sub-domain}.{domain}/directory-service',
      description: 'Each platform publishes its own.',
      variables: { 'sub-domain': { default: 'api.directory' }, domain: { default: 'company.com' } },
    },
  ],
  security: [{ bearerAuth: [] }, { OAuth2: [] }],
  tags: [{ name: 'Siren' }, { name: 'Siret' }, { name: 'Routing Code' }, { name: 'Directory Line' }, { name: 'Supervisor' }],
  paths: {
    '/v1/siren/search': search('Siren', 'searchCompanyBySiren', 'searchSiren', 'sirenSearchPost200Response', 'Companies matching the filters.'),
    '/v1/siren/code-insee:{siren}': {
      get: {
        tags: ['Siren'],
        operationId: 'getCompanyBySiren',
        description: 'One company by its SIREN.',
        parameters: [parameter('sirenPath'), parameter('sirenFields')],
        responses: answers('legalUnitPayloadHistory', false),
      },
    },
    '/v1/siret/search': search('Siret', 'searchFacilityBySiret', 'searchSiret', 'siretSearchPost200Response', 'Facilities matching the filters.'),
    '/v1/siret/code-insee:{siret}': {
      get: {
        tags: ['Siret'],
        operationId: 'getFacilityBySiret',
        description: 'One facility by its SIRET.',
        parameters: [parameter('siretPath'), parameter('siretFields'), parameter('includeSiren')],
        responses: answers('facilityPayloadHistory', false),
      },
    },
    '/v1/routing-code/search': search('Routing Code', 'searchRoutingCode', 'routingCodeSearch', 'routingCodeSearchPost200Response', 'Routing codes matching the filters.', true),
    '/v1/routing-code/siret:{siret}/code:{routing-identifier}': {
      get: {
        tags: ['Routing Code'],
        operationId: 'getRoutingCodeBySiretAndId',
        description: 'One routing code of a facility.',
        parameters: [parameter('siretPath'), parameter('routingIdentifier'), parameter('includeSirenSiret'), parameter('routingCodeFields')],
        responses: answers('routingCodePayloadHistoryLegalUnitFacility', false),
      },
    },
    '/v1/directory-line/search': search('Directory Line', 'searchDirectoryLine', 'searchDirectoryLine', 'directoryLineSearchPost200Response', 'Directory lines matching the filters.'),
    '/v1/directory-line/code:{addressing-identifier}': {
      get: {
        tags: ['Directory Line'],
        operationId: 'getDirectoryLineById',
        description: 'One directory line by its electronic address.',
        parameters: [parameter('addressingIdentifier'), parameter('includeSirenSiretRoutingCodePlatform'), parameter('directoryLineFields')],
        responses: answers('directoryLinePayloadLegalUnitFacilityRoutingCode', false),
      },
    },
    '/v1/healthcheck': {
      get: {
        tags: ['Supervisor'],
        operationId: 'getHealth',
        description: 'Whether the service answers.',
        responses: { '200': { description: 'It does.' }, '500': { description: 'Server error.' }, '503': { description: 'Unavailable for now.' } },
        // Deviation 6: no scope on a bearer scheme.
        security: [{ bearerAuth: [] }],
      },
    },
  },
  components: {
    schemas: {
      searchSiren: {
        title: 'searchSiren',
        type: 'object',
        properties: { filters: ref('searchSirenFilters'), sorting: { type: 'array', items: ref('searchSirenSortingInner') }, fields: { type: 'array', items: ref('sirenField') }, limit: ref('limit'), ignore: ref('ignore') },
      },
      totalNumberOfResults: { type: 'integer', format: 'int32' },
      legalUnitPayloadHistory: {
        title: 'legalUnitPayloadHistory',
        type: 'object',
        description: 'A company (legal unit).',
        properties: { siren: ref('siren'), businessName: ref('recipientBusinessName'), entityType: ref('entityType'), administrativeStatus: ref('legalUnitAdministrativeStatus'), instructions: ref('sirenInstructions') },
      },
      sirenField: { type: 'string', enum: ['siren', 'businessName', 'entityType', 'administrativeStatus', 'instructions'] },
      searchSiret: {
        title: 'searchSiret',
        type: 'object',
        properties: {
          filters: ref('searchSiretFilters'),
          sorting: { type: 'array', items: ref('searchSiretSortingInner') },
          fields: { type: 'array', items: ref('siretField') },
          include: { type: 'array', items: { type: 'string', enum: ['siren'] } },
          limit: ref('limit'),
          ignore: ref('ignore'),
        },
      },
      facilityPayloadHistory: {
        title: 'facilityPayloadHistory',
        type: 'object',
        description: 'A facility (establishment) of a company.',
        properties: {
          siret: ref('siret'),
          siren: ref('siren'),
          name: ref('name'),
          facilityType: ref('facilityType'),
          administrativeStatus: ref('facilityAdministrativeStatus'),
          siretInstructions: ref('siretInstructions'),
          address: ref('addressRead'),
          b2gAdditionalData: ref('facilityPayloadHistoryUleB2gAdditionalData'),
          legalUnit: ref('legalUnitPayloadIncluded'),
        },
      },
      siretField: {
        type: 'string',
        enum: ['siret', 'siren', 'name', 'facilityType', 'administrativeStatus', 'siretInstructions', 'address', 'pmStatus', 'pmOnly', 'managesPaymentStatus', 'managesLegalCommitment', 'managesLegalCommitmentOrService', 'serviceCodeStatus'],
      },
      sirenInstructions: { type: 'object', properties: { isSalesProspectingForbidden: ref('isSalesProspectingForbidden') } },
      siretInstructions: { type: 'object', properties: { isSalesProspectingForbidden: ref('isSalesProspectingForbidden') } },
      isSalesProspectingForbidden: bool,
      siret: text(14, '^([0-9]{14})$'),
      routingIdentifier: text(100, '^(?!\\s+$)[\\-_/a-zA-Z0-9]{1,100}$'),
      routingCodeSearch: {
        title: 'routingCodeSearch',
        type: 'object',
        properties: {
          filters: ref('routingCodeSearchFilters'),
          sorting: { type: 'array', items: ref('routingCodeSearchSortingInner') },
          fields: { type: 'array', items: ref('routingCodeField') },
          include: { type: 'array', items: { type: 'string', enum: ['siren', 'siret'] } },
          limit: ref('limit'),
          ignore: ref('ignore'),
        },
      },
      routingCodePayloadHistoryLegalUnitFacility: {
        title: 'routingCodePayloadHistoryLegalUnitFacility',
        type: 'object',
        description: 'A routing code (a service of a facility, mostly public buyers).',
        properties: {
          routingIdentifier: ref('routingIdentifier'),
          siret: ref('siret'),
          routingIdentifierType: ref('routingIdentifierType'),
          routingCodeName: ref('recipientRoutingCodeName'),
          managesLegalCommitmentCode: ref('managesLegalCommitmentCode'),
          administrativeStatus: ref('routingCodeAdministrativeStatus'),
          address: ref('addressRead'),
          legalUnit: ref('legalUnitPayloadIncluded'),
          facility: ref('facilityPayloadIncluded'),
        },
      },
      routingCodeField: { type: 'string', enum: ['siret', 'routingIdentifierType', 'routingCodeName', 'routingIdentifier', 'managesLegalCommitmentCode', 'administrativeStatus', 'address'] },
      searchDirectoryLine: {
        title: 'searchDirectoryLine',
        type: 'object',
        properties: { filters: ref('searchDirectoryLineFilters'), sorting: { type: 'array', items: ref('searchDirectoryLineSortingInner') }, fields: { type: 'array', items: ref('directoryLineField') }, limit: ref('limit'), ignore: ref('ignore') },
      },
      directoryLinePayloadStatusLegalUnitFacilityRoutingCode: {
        title: 'directoryLinePayloadStatusLegalUnitFacilityRoutingCode',
        type: 'object',
        description: 'A directory line as a search finds it, with its status.',
        properties: {
          addressingIdentifier: ref('addressingIdentifier'),
          platformType: ref('recipientPlatformType'),
          directoryLineStatus: ref('directoryLineStatus'),
          siren: ref('siren'),
          siret: ref('siret'),
          addressingSuffix: ref('addressingSuffix'),
          routingCode: ref('directoryLinePayloadHistoryLegalUnitFacilityRoutingCodeRoutingCode'),
          legalUnit: ref('legalUnitPayloadIncluded'),
          facility: ref('facilityPayloadIncluded'),
        },
      },
      directoryLinePayloadLegalUnitFacilityRoutingCode: {
        title: 'directoryLinePayloadLegalUnitFacilityRoutingCode',
        type: 'object',
        description: 'A directory line read by its address (no status).',
        properties: {
          addressingIdentifier: ref('addressingIdentifier'),
          platformType: ref('recipientPlatformType'),
          siren: ref('siren'),
          siret: ref('siret'),
          addressingSuffix: ref('addressingSuffix'),
          routingCode: ref('directoryLinePayloadHistoryLegalUnitFacilityRoutingCodeRoutingCode'),
          legalUnit: ref('legalUnitPayloadIncluded'),
          facility: ref('facilityPayloadIncluded'),
        },
      },
      addressingIdentifier: { ...text(125), description: 'The electronic address: a SIREN, maybe followed by a SIRET, a routing code or a suffix.' },
      directoryLineField: { type: 'string', enum: ['addressingIdentifier', 'siren', 'siret', 'routingIdentifier', 'addressingSuffix'] },
      containsOperator: { type: 'string', enum: ['contains'] },
      containsOrStrictOperator: { type: 'string', enum: ['contains', 'strict'] },
      strictOperator: { type: 'string', enum: ['strict'] },
      strictOrStartWithOperator: { type: 'string', enum: ['startWith', 'strict'] },
      sirenSearch: text(9, '[0-9]*'),
      recipientBusinessName: text(150),
      entityType: codes(20, ['Public', 'PrivateVatRegistered']),
      legalUnitAdministrativeStatus: { ...codes(1, ['A', 'C']), description: 'A: active; C: ceased.' },
      sortingOrder: { title: 'sortingOrder', type: 'string', enum: ['ascending', 'descending'] },
      limit: { type: 'integer', format: 'int32' },
      ignore: { type: 'integer', format: 'int32', description: 'How many results to skip.' },
      siren: text(9, '^([0-9]{9})$'),
      siretSearch: text(14, '[0-9]*'),
      facilityType: { ...codes(1, ['P', 'S']), description: 'P: head office; S: secondary.' },
      name: text(100),
      addressLines: text(600),
      postalCode: text(5, '[0-9]*'),
      countrySubdivision: text(255),
      locality: text(100),
      facilityAdministrativeStatus: codes(1, ['A', 'C']),
      addressRead: {
        type: 'object',
        properties: {
          addressLine1: ref('recipientAddressLine1'),
          addressLine2: ref('recipientAddressLine2'),
          addressLine3: ref('recipientAddressLine3'),
          postalCode: ref('postalCode'),
          countrySubdivision: ref('countrySubdivision'),
          locality: ref('locality'),
          countryCode: ref('recipientCountryCode'),
          countryName: ref('recipientCountryName'),
        },
      },
      pmStatus: bool,
      pmOnly: bool,
      managesPaymentStatus: bool,
      managesLegalCommitmentCode: bool,
      managesLegalCommitmentOrServiceCode: bool,
      serviceCodeStatus: bool,
      routingIdentifierType: text(4, '^(?!\\s*$).+'),
      recipientRoutingCodeName: text(100, '^(?!\\s*$).+'),
      routingCodeAdministrativeStatus: codes(1, ['A', 'C']),
      routingIdentifierSearch: text(100, '^$|^(?!\\s*$).+'),
      routingCodeNameSearch: text(100, '^$|^(?!\\s*$).+'),
      legalUnitPayloadIncluded: {
        title: 'legalUnitPayloadIncluded',
        type: 'object',
        properties: { siren: ref('siren'), businessName: ref('recipientBusinessName'), entityType: ref('entityType'), administrativeStatus: ref('legalUnitAdministrativeStatus') },
      },
      facilityPayloadIncluded: {
        title: 'facilityPayloadIncluded',
        type: 'object',
        properties: {
          siret: ref('siret'),
          siren: ref('siren'),
          name: ref('name'),
          facilityType: ref('facilityType'),
          administrativeStatus: ref('facilityAdministrativeStatus'),
          address: ref('addressRead'),
          b2gAdditionalData: ref('facilityPayloadHistoryUleB2gAdditionalData'),
        },
      },
      addressingSuffix: text(100),
      recipientPlatformType: { ...codes(3, ['WK', 'DFH']), description: 'WK: an approved platform; DFH: the public portal.' },
      // Deviation 7: at most 8 characters, where the annex says 7 and so refuses its own Upcoming.
      directoryLineStatus: codes(8, ['Enabled', 'Disabled', 'Upcoming']),
      recipientAddressLine1: text(255),
      recipientAddressLine2: text(255),
      recipientAddressLine3: text(255),
      recipientCountryCode: text(2),
      recipientCountryName: text(100),
      sirenSearchPost200Response: { type: 'object', properties: { search: ref('searchSiren'), totalNumberOfResults: ref('totalNumberOfResults'), results: { type: 'array', items: ref('legalUnitPayloadHistory') } } },
      siretSearchPost200Response: { type: 'object', properties: { search: ref('searchSiret'), totalNumberOfResults: ref('totalNumberOfResults'), results: { type: 'array', items: ref('facilityPayloadHistory') } } },
      routingCodeSearchPost200Response: {
        type: 'object',
        properties: { search: ref('routingCodeSearch'), totalNumberOfResults: ref('totalNumberOfResults'), results: { type: 'array', items: ref('routingCodePayloadHistoryLegalUnitFacility') } },
      },
      directoryLineSearchPost200Response: {
        type: 'object',
        properties: { search: ref('searchDirectoryLine'), totalNumberOfResults: ref('totalNumberOfResults'), results: { type: 'array', items: ref('directoryLinePayloadStatusLegalUnitFacilityRoutingCode') } },
      },
      searchSirenFiltersSiren: criterion('strictOperator', 'sirenSearch'),
      searchSirenFiltersBusinessName: criterion('containsOrStrictOperator', 'recipientBusinessName'),
      searchSirenFiltersEntityType: criterion('strictOperator', 'entityType'),
      searchSirenFiltersAdministrativeStatus: criterion('strictOperator', 'legalUnitAdministrativeStatus'),
      searchSirenFilters: {
        type: 'object',
        properties: { siren: ref('searchSirenFiltersSiren'), businessName: ref('searchSirenFiltersBusinessName'), entityType: ref('searchSirenFiltersEntityType'), administrativeStatus: ref('searchSirenFiltersAdministrativeStatus') },
      },
      searchSirenSortingInner: { type: 'object', properties: { field: ref('sirenField'), sortingOrder: ref('sortingOrder') } },
      searchSiretFiltersSiret: criterion('strictOperator', 'siretSearch'),
      searchSiretFiltersFacilityType: criterion('strictOperator', 'facilityType'),
      searchSiretFiltersName: criterion('containsOrStrictOperator', 'name'),
      searchSiretFiltersAddressLines: criterion('containsOperator', 'addressLines'),
      searchSiretFiltersPostalCode: criterion('strictOrStartWithOperator', 'postalCode'),
      searchSiretFiltersCountrySubdivision: criterion('strictOperator', 'countrySubdivision'),
      searchSiretFiltersLocality: criterion('containsOrStrictOperator', 'locality'),
      searchSiretFiltersAdministrativeStatus: criterion('strictOperator', 'facilityAdministrativeStatus'),
      searchSiretFilters: {
        type: 'object',
        properties: {
          siret: ref('searchSiretFiltersSiret'),
          siren: ref('searchSirenFiltersSiren'),
          facilityType: ref('searchSiretFiltersFacilityType'),
          name: ref('searchSiretFiltersName'),
          addressLines: ref('searchSiretFiltersAddressLines'),
          postalCode: ref('searchSiretFiltersPostalCode'),
          countrySubdivision: ref('searchSiretFiltersCountrySubdivision'),
          locality: ref('searchSiretFiltersLocality'),
          administrativeStatus: ref('searchSiretFiltersAdministrativeStatus'),
        },
      },
      searchSiretSortingInner: { type: 'object', properties: { field: ref('siretField'), sortingOrder: ref('sortingOrder') } },
      facilityPayloadHistoryUleB2gAdditionalData: {
        type: 'object',
        description: 'What a public buyer asks of its invoices.',
        properties: {
          pm: ref('pmStatus'),
          pmOnly: ref('pmOnly'),
          managesPaymentStatus: ref('managesPaymentStatus'),
          managesLegalCommitmentCode: ref('managesLegalCommitmentCode'),
          managesLegalCommitmentOrServiceCode: ref('managesLegalCommitmentOrServiceCode'),
          serviceCodeStatus: ref('serviceCodeStatus'),
        },
      },
      routingCodeSearchFiltersRoutingIdentifier: criterion('containsOrStrictOperator', 'routingIdentifierSearch'),
      routingCodeSearchFiltersRoutingCodeName: criterion('containsOrStrictOperator', 'routingCodeNameSearch'),
      routingCodeSearchFiltersAdministrativeStatus: criterion('strictOperator', 'routingCodeAdministrativeStatus'),
      routingCodeSearchFilters: {
        type: 'object',
        properties: {
          routingIdentifier: ref('routingCodeSearchFiltersRoutingIdentifier'),
          siret: ref('searchSiretFiltersSiret'),
          routingCodeName: ref('routingCodeSearchFiltersRoutingCodeName'),
          administrativeStatus: ref('routingCodeSearchFiltersAdministrativeStatus'),
          addressLines: ref('searchSiretFiltersAddressLines'),
          postalCode: ref('searchSiretFiltersPostalCode'),
          locality: ref('searchSiretFiltersLocality'),
        },
      },
      routingCodeSearchSortingInner: { type: 'object', properties: { field: ref('routingCodeField'), order: ref('sortingOrder') } },
      searchDirectoryLineFiltersAddressingIdentifier: criterion('containsOrStrictOperator', 'addressingIdentifier'),
      searchDirectoryLineFiltersAddressingSuffix: criterion('containsOrStrictOperator', 'addressingSuffix'),
      searchDirectoryLineFilters: {
        type: 'object',
        properties: {
          addressingIdentifier: ref('searchDirectoryLineFiltersAddressingIdentifier'),
          siren: ref('searchSirenFiltersSiren'),
          siret: ref('searchSiretFiltersSiret'),
          routingIdentifier: ref('routingCodeSearchFiltersRoutingIdentifier'),
          addressingSuffix: ref('searchDirectoryLineFiltersAddressingSuffix'),
        },
      },
      searchDirectoryLineSortingInner: { type: 'object', properties: { field: ref('directoryLineField'), sortingOrder: ref('sortingOrder') } },
      directoryLinePayloadHistoryLegalUnitFacilityRoutingCodeRoutingCode: {
        type: 'object',
        properties: {
          routingIdentifier: ref('routingIdentifier'),
          routingIdentifierType: ref('routingIdentifierType'),
          routingCodeName: ref('recipientRoutingCodeName'),
          managesLegalCommitment: ref('managesLegalCommitmentCode'),
          administrativeStatus: ref('routingCodeAdministrativeStatus'),
          address: ref('addressRead'),
        },
      },
      Error: ERROR_SCHEMA,
    },
    responses: {
      Ok204EmptyResponse: { description: 'Nothing found.' },
      Error400Response: errorResponse('Bad request.'),
      Error401Response: errorResponse('No valid token.'),
      Error403Response: errorResponse('Not allowed.'),
      Error404Response: errorResponse('Not found.'),
      Error408Response: errorResponse('Timed out.'),
      Error422Response: errorResponse('Not processable.'),
      Error429Response: errorResponse('Too many requests.'),
      Error500Response: errorResponse('Server error.'),
      Error501Response: errorResponse('Not implemented.'),
      Error503Response: errorResponse('Unavailable for now.'),
    },
    parameters: {
      sirenPath: { name: 'siren', in: 'path', required: true, description: 'A SIREN (9 digits).', schema: text(9, '^([0-9]{9})$') },
      sirenFields: list('fields', ref('sirenField'), 'The fields to return.'),
      siretPath: { name: 'siret', in: 'path', required: true, description: 'A SIRET (14 digits).', schema: text(14, '^([0-9]{14})$') },
      siretFields: list('fields', ref('siretField'), 'The fields to return.'),
      includeSiren: list('include', { type: 'string', enum: ['siren'] }, 'What to return with it.'),
      routingIdentifier: { name: 'routing-identifier', in: 'path', required: true, description: 'The routing code.', schema: text(100) },
      includeSirenSiret: list('include', { type: 'string', enum: ['siren', 'siret'] }, 'What to return with it.'),
      routingCodeFields: list('fields', ref('routingCodeField'), 'The fields to return.'),
      addressingIdentifier: { name: 'addressing-identifier', in: 'path', required: true, description: 'The electronic address.', schema: text(125) },
      includeSirenSiretRoutingCodePlatform: list('include', { type: 'string', enum: ['siren', 'siret', 'routingCode'] }, 'What to return with it.'),
      directoryLineFields: list('fields', ref('directoryLineField'), 'The fields to return.'),
    },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      OAuth2: {
        type: 'oauth2',
        description: 'Client credentials only; each platform has its own token URL (a placeholder here).',
        flows: { clientCredentials: { tokenUrl: 'https://auth.example.invalid/token', scopes: {} } },
      },
    },
  },
};
