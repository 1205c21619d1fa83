import type { OpenAPIV3 } from 'openapi-types';

// What the two restated annexes (flow-service.openapi.ts, directory-service.openapi.ts) write
// the same way: references into their components, JSON bodies, and the Error body both annexes
// define alike.

export const ref = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
export const response = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/responses/${name}` });
export const parameter = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/parameters/${name}` });
export const jsonOf = (schema: string): { [media: string]: OpenAPIV3.MediaTypeObject } => ({ 'application/json': { schema: ref(schema) } });
export const errorResponse = (description: string): OpenAPIV3.ResponseObject => ({ description, content: jsonOf('Error') });

/** Error: the code is required; its message, a type and an instance (URI references) and details are not. */
export const ERROR_SCHEMA: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['errorCode'],
  properties: {
    errorCode: { type: 'string' },
    errorMessage: { type: 'string' },
    type: { type: 'string', format: 'uri-reference', default: 'about:blank' },
    details: { type: 'string' },
    instance: { type: 'string', format: 'uri-reference' },
  },
};
