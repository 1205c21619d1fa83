import type Router from '@koa/router';
import { countryRequirement, isCountryCode } from '../../../code-lists/country-codes.js';
import { fieldsFor, type DriverRegistry } from '../../../driver-kit/registry.js';
import type { FieldSpec } from '../../../spi/driver.js';
import { SpiError } from '../../../platform/http/errors.js';
import { defineOperation, serve } from '../../../platform/http/operation.js';
import { DataInputFieldsQuery } from '../schemas/queries.js';
import { DataInputFieldsResponseSchema, type DataInputFieldsResponse } from '../schemas/responses.js';
import { SPI_ERRORS } from './error-statuses.js';
import { EXAMPLES } from '../openapi/examples.js';

export const getDataInputFields = defineOperation({
  operationId: 'getDataInputFields',
  examples: EXAMPLES.getDataInputFields,
  method: 'GET',
  path: '/einvoicing/data_input_fields',
  tag: 'SPI',
  summary: 'The field table of the driver that serves a scenario',
  description: '404 NOT_FOUND when no driver serves the country, model, transaction type and document type.',
  security: 'spi',
  query: DataInputFieldsQuery,
  responses: { 200: DataInputFieldsResponseSchema },
  errors: SPI_ERRORS,
});

/**
 * GET /einvoicing/data_input_fields — the field table of the driver that serves the scenario
 * (country, model, transaction type, document type); 404 NOT_FOUND when none does.
 */
export function dataInputFieldsRoutes(router: Router, deps: { drivers: DriverRegistry }): void {
  serve(router, getDataInputFields, (_ctx, { query: q }) => {
    const country = q.country.toUpperCase();
    const scenario = { model: q.model, country, transactionType: q.transaction_type, documentType: q.document_type };
    const driver = deps.drivers.serving(scenario);
    if (!driver) {
      const why = isCountryCode(country) ? 'no driver serves that scenario' : `${country} is not ${countryRequirement(country)}`;
      throw SpiError.one(404, 'NOT_FOUND', `no data input fields for ${q.model} ${q.transaction_type} ${q.document_type} in ${country}: ${why}`);
    }
    const body: DataInputFieldsResponse = {
      country,
      transaction_type: q.transaction_type,
      model: q.model,
      document_type: q.document_type,
      fields: fieldsFor(driver, q.document_type, q.transaction_type).map(toSpiField),
    };
    return body;
  });
}

function toSpiField(f: FieldSpec): DataInputFieldsResponse['fields'][number] {
  const out: DataInputFieldsResponse['fields'][number] = {
    path: f.path,
    field_name: f.field_name,
    data_type: f.data_type,
    inclusion_type: f.inclusion_type,
    accepted_values: [...(f.accepted_values ?? [])],
  };
  if (f.description !== undefined) out.description = f.description;
  if (f.example !== undefined) out.example = f.example;
  if (f.default_value !== undefined) out.default_value = f.default_value;
  if (f.documentation_link !== undefined) out.documentation_link = f.documentation_link;
  if (f.condition !== undefined) out.condition = f.condition;
  return out;
}
