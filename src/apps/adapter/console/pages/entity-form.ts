import { MODELS, TRANSACTION_TYPES } from '../../../../spi/enum-lists.js';
import { field, formProblems, type FieldSpec, type FormValues, type PlacedErrors } from '../form-fields.js';
import { html, type Html } from '../html.js';

// A business entity's form: the fields of the admin API's body (the configuration file's
// `business_entities` element), named by the paths the API's problems name. Its activations are
// added apart (the activation form), and kept as they are when the rest is edited.

/** Tax identifier rows: those filled and one empty, at least two, at most the schema's ten. */
function taxRows(values: FormValues): number {
  const filled = Object.keys(values).map((name) => /^party\.tax_identifiers\[(\d+)\]\./.exec(name)?.[1]).filter((n): n is string => n !== undefined).map(Number);
  return Math.min(10, Math.max(2, filled.length ? Math.max(...filled) + 2 : 0));
}

/** The entity's fields, by group; `id` only when it is made (it names the entity for good). */
export function entityFieldGroups(creating: boolean, values: FormValues = {}): { legend: string; fields: FieldSpec[] }[] {
  return [
    {
      legend: 'The entity',
      fields: [
        { name: 'id', label: 'Id', required: true, readOnly: !creating, hint: creating ? 'No spaces; it names the entity for good (the platform sends it as business_entity_id).' : undefined },
        { name: 'display_name', label: 'Display name', required: true },
      ],
    },
    {
      legend: 'Seller party',
      fields: [
        { name: 'party.name', label: 'Name', required: true },
        { name: 'party.legal_entity.registration_name', label: 'Registered name', required: true },
        { name: 'party.legal_entity.company_id', label: 'Company id', hint: 'The trade register number (e.g. HRB 723456, a SIREN).' },
        { name: 'party.legal_entity.company_id_scheme', label: 'Company id scheme (ISO 6523 ICD)', hint: 'Four digits, e.g. 0002 for a SIREN, 0106 for a KvK number.' },
      ],
    },
    {
      legend: 'Address',
      fields: [
        { name: 'party.address.line_1', label: 'Street' },
        { name: 'party.address.line_2', label: 'Street, second line' },
        { name: 'party.address.line_3', label: 'Street, third line' },
        { name: 'party.address.zip', label: 'Postal code' },
        { name: 'party.address.city', label: 'City' },
        { name: 'party.address.division', label: 'Region' },
        { name: 'party.address.country', label: 'Country (ISO 3166 alpha-2)', required: true, hint: 'Two capital letters: DE, FR, IT…' },
      ],
    },
    {
      legend: 'Tax identifiers',
      fields: Array.from({ length: taxRows(values) }, (_, i) => [
        { name: `party.tax_identifiers[${i}].scheme`, label: `Scheme ${i + 1}`, hint: i === 0 ? 'VAT, or the national scheme.' : undefined },
        { name: `party.tax_identifiers[${i}].id`, label: `Identifier ${i + 1}`, hint: i === 0 ? 'e.g. DE136695976.' : undefined },
      ]).flat(),
    },
    {
      legend: 'Electronic address (Peppol, Nemhandel)',
      fields: [
        { name: 'party.electronic_address.scheme', label: 'EAS scheme', hint: 'Four digits, e.g. 9930 (German VAT), 0184 (Danish CVR).' },
        { name: 'party.electronic_address.id', label: 'Identifier' },
      ],
    },
    {
      legend: 'Contact',
      fields: [
        { name: 'party.contact.name', label: 'Contact name' },
        { name: 'party.contact.telephone', label: 'Telephone' },
        { name: 'party.contact.email', label: 'Email', type: 'email' },
      ],
    },
  ];
}

export const entityFieldNames = (creating: boolean, values: FormValues) => entityFieldGroups(creating, values).flatMap((g) => g.fields.map((f) => f.name));

/** The form, filled with `values`, each problem beside its field. */
export function entityForm(action: string, creating: boolean, values: FormValues, errors: PlacedErrors, csrf: string): Html {
  return html`<form method="post" action="${action}" class="stacked wide" novalidate>
${formProblems(errors)}
<input type="hidden" name="csrf" value="${csrf}">
${entityFieldGroups(creating, values).map((g) => html`<fieldset><legend>${g.legend}</legend>${g.fields.map((f) => field(f, values, errors))}</fieldset>`)}
<div><button type="submit">${creating ? 'Add the entity' : 'Save the entity'}</button></div>
</form>`;
}

/** The fields an activation is made of; its document types as the list the driver takes. */
export function activationFields(models: readonly string[]): FieldSpec[] {
  return [
    { name: 'model', label: 'Model', type: 'select', required: true, options: models.filter((m) => (MODELS as readonly string[]).includes(m)).map((m) => ({ value: m, label: m })) },
    { name: 'country', label: 'Country (ISO 3166 alpha-2)', required: true },
    { name: 'einvoicing_type', label: 'Transaction type', type: 'select', required: true, options: TRANSACTION_TYPES.map((t) => ({ value: t, label: t })) },
    { name: 'supported_document_types', label: 'Document types', required: true, hint: 'Separated by commas, e.g. ubl-invoice, ubl-creditnote.' },
  ];
}

export function activationForm(action: string, models: readonly string[], values: FormValues, errors: PlacedErrors, csrf: string): Html {
  return html`<form method="post" action="${action}" class="stacked" novalidate aria-labelledby="activate">
${formProblems(errors)}
<input type="hidden" name="csrf" value="${csrf}">
${activationFields(models).map((f) => field(f, values, errors))}
<div><button type="submit">Activate</button></div>
</form>`;
}
