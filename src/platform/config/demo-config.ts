import type { ConfigFile } from './config-file-schema.js';

/**
 * The built-in configuration used when ADAPTER_CONFIG is unset, so `npm start` serves a
 * realistic provider out of the box. Identifiers are fictitious but well formed (VAT numbers,
 * Peppol EAS codes). Ids are fixed so the README's curl session prints the same every time.
 * `einvoicing-adapter config` prints it as YAML, a starting point for a real file.
 */
export function demoConfig(): ConfigFile {
  const peppolTypes = ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'];
  return {
    business_entities: [
      {
        id: '595e13fd-68b0-40c2-ade3-9780ce339d97',
        // The seller of the SPI specification's own examples, so they can be submitted as printed.
        display_name: 'Example Seller',
        party: {
          name: 'Example Seller GmbH',
          address: { line_1: 'Hauptstr. 456', line_2: 'Suite 5', zip: '50667', city: 'Cologne', country: 'DE' },
          tax_identifiers: [{ scheme: 'VAT', id: 'DE987654321' }],
          legal_entity: { registration_name: 'Example Seller GmbH', company_id: 'HRB 98765' },
          electronic_address: { scheme: '9930', id: 'DE987654321' },
          // German domestic invoices need a seller contact (DE-R-002..007), and no SPI field carries one.
          contact: { name: 'Accounts receivable', telephone: '+49 221 555 0100', email: 'billing@seller.example' },
        },
        activations: [
          {
            id: '02083517-408f-4174-8c4d-42b029162f9c',
            status: { code: 'COMPLETED', message: 'Activation completed successfully.' },
            country_activations: [
              { model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2B', supported_document_types: peppolTypes },
              { model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2G', supported_document_types: peppolTypes },
              { model: 'PEPPOL', country: 'AT', einvoicing_type: 'B2B', supported_document_types: peppolTypes },
            ],
          },
        ],
      },
      {
        id: 'a3f7b451-29f0-42e0-8e4d-927c0ff19de7',
        display_name: 'Beta Benelux',
        party: {
          name: 'Beta Benelux B.V.',
          address: { line_1: 'Keizersgracht 1', zip: '1015 CN', city: 'Amsterdam', country: 'NL' },
          tax_identifiers: [{ scheme: 'VAT', id: 'NL123456789B01' }],
          legal_entity: { registration_name: 'Beta Benelux B.V.', company_id: '12345678', company_id_scheme: '0106' },
          electronic_address: { scheme: '0106', id: '12345678' },
        },
        activations: [
          {
            id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
            status: { code: 'COMPLETED', message: 'Activation completed successfully.' },
            country_activations: [
              { model: 'PEPPOL', country: 'NL', einvoicing_type: 'B2B', supported_document_types: peppolTypes },
              { model: 'PEPPOL', country: 'BE', einvoicing_type: 'B2B', supported_document_types: peppolTypes },
            ],
          },
        ],
      },
      {
        id: 'a6d7e8f9-0b1c-4d2e-8f3a-5b6c7d8e9f0a',
        display_name: 'Laguna Software',
        party: {
          name: 'Laguna Software S.r.l.',
          address: { line_1: 'Fondamenta delle Zattere 1401', zip: '30123', city: 'Venezia', division: 'VE', country: 'IT' },
          tax_identifiers: [{ scheme: 'VAT', id: 'IT02114490572' }],
          legal_entity: { registration_name: 'Laguna Software S.r.l.', company_id: '02114490572' },
          contact: { name: 'Amministrazione', email: 'fatture@laguna-software.example' },
        },
        activations: [
          {
            id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
            // Taken as configured, so billing routes IT customers here and the sandbox's simulated SDI
            // notifies; the platform is told PENDING until an SdICoop channel is configured (drivers/sdi/network.ts).
            status: { code: 'COMPLETED' },
            country_activations: [
              { model: 'CLEARANCE', country: 'IT', einvoicing_type: 'B2B', supported_document_types: ['fatturapa-invoice', 'fatturapa-creditnote'] },
              { model: 'CLEARANCE', country: 'IT', einvoicing_type: 'B2G', supported_document_types: ['fatturapa-invoice', 'fatturapa-creditnote'] },
            ],
          },
        ],
      },
      {
        id: 'b8e9f0a1-2c3d-4e5f-9a6b-7c8d9e0f1a2b',
        display_name: 'Lumière Logiciels',
        party: {
          name: 'Lumière Logiciels SAS',
          address: { line_1: '8 quai Saint-Vincent', zip: '69001', city: 'Lyon', country: 'FR' },
          tax_identifiers: [{ scheme: 'VAT', id: 'FR44732829320' }],
          legal_entity: { registration_name: 'Lumière Logiciels SAS', company_id: '732829320', company_id_scheme: '0002' },
          electronic_address: { scheme: '0225', id: '732829320_FACTURES' },
          contact: { name: 'Service facturation', email: 'factures@lumiere-logiciels.example' },
        },
        activations: [
          {
            id: '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d',
            // Taken as configured, so billing routes FR customers here and the sandbox's approved platform
            // (a local XP Z12-013 server) deposits, delivers and answers; the platform is told PENDING while no real PA is configured (drivers/ctc-fr).
            status: { code: 'COMPLETED' },
            country_activations: [
              {
                model: 'CTC',
                country: 'FR',
                einvoicing_type: 'B2B',
                supported_document_types: ['facturx-invoice', 'facturx-creditnote', 'ubl-invoice', 'ubl-creditnote', 'cii-invoice', 'cii-creditnote', 'cdar-applicationresponse'],
              },
              // B2C sales are reported (e-reporting, flux 10) through the same platform.
              { model: 'CTC', country: 'FR', einvoicing_type: 'B2C', supported_document_types: ['ereporting-report'] },
            ],
          },
        ],
      },
      {
        id: 'c2d1e0f3-5b6a-4c8d-9e7f-0a1b2c3d4e5f',
        display_name: 'Iberia Software',
        party: {
          name: 'Iberia Software S.L.',
          address: { line_1: 'Calle de Alcalá 50', zip: '28014', city: 'Madrid', division: 'Madrid', country: 'ES' },
          tax_identifiers: [{ scheme: 'VAT', id: 'ESB12345674' }],
          legal_entity: { registration_name: 'Iberia Software S.L.', company_id: 'B12345674' },
          contact: { name: 'Administración', email: 'facturas@iberia-software.example' },
        },
        activations: [
          {
            id: '9b2f4c1e-3d5a-4e6b-8c7d-1f0e2d3c4b5a',
            // Taken as configured, so the sandbox's simulated AEAT answers its records; the platform is
            // told PENDING until a production certificate is configured (drivers/verifactu/network.ts).
            status: { code: 'COMPLETED' },
            country_activations: [
              { model: 'VERIFACTU', country: 'ES', einvoicing_type: 'B2B', supported_document_types: ['verifactu-invoice', 'verifactu-creditnote'] },
              // Spanish public bodies: signed Facturae through FACe, answered by the sandbox's simulated
              // FACe until a certificate is configured (PENDING meanwhile, drivers/face/network.ts).
              { model: 'FACE', country: 'ES', einvoicing_type: 'B2G', supported_document_types: ['facturae-invoice', 'facturae-creditnote'] },
            ],
          },
        ],
      },
      {
        id: 'd1a2b3c4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        display_name: 'Duna Szoftver',
        party: {
          name: 'Duna Szoftver Kft.',
          address: { line_1: 'Váci út 45.', zip: '1134', city: 'Budapest', country: 'HU' },
          tax_identifiers: [{ scheme: 'VAT', id: 'HU25503122' }],
          legal_entity: { registration_name: 'Duna Szoftver Kft.', company_id: '25503122-2-41' },
          contact: { name: 'Pénzügy', email: 'szamla@duna-szoftver.example' },
        },
        activations: [
          {
            id: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
            // Taken as configured, so billing routes HU customers here and the sandbox's simulated NAV
            // processes the reports; the platform is told PENDING until a technical user reporting to
            // the NAV's production environment is configured (drivers/nav/network.ts).
            status: { code: 'COMPLETED' },
            country_activations: [
              { model: 'REPORTING', country: 'HU', einvoicing_type: 'B2B', supported_document_types: ['nav-invoice', 'nav-creditnote'] },
              { model: 'REPORTING', country: 'HU', einvoicing_type: 'B2C', supported_document_types: ['nav-invoice', 'nav-creditnote'] },
            ],
          },
        ],
      },
      {
        id: 'e4b5c6d7-8f90-4a1b-9c2d-3e4f5a6b7c8d',
        display_name: 'Wisła Software',
        party: {
          name: 'Wisła Software sp. z o.o.',
          address: { line_1: 'ul. Marszałkowska 10', zip: '00-590', city: 'Warszawa', country: 'PL' },
          tax_identifiers: [{ scheme: 'VAT', id: 'PL5265877635' }],
          legal_entity: { registration_name: 'Wisła Software sp. z o.o.', company_id: '5265877635' },
          contact: { name: 'Księgowość', email: 'faktury@wisla-software.example' },
        },
        activations: [
          {
            id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
            // Taken as configured, so the sandbox's simulated KSeF clears its invoices; the platform is
            // told PENDING until a KSeF token for production is configured (drivers/ksef/network.ts).
            status: { code: 'COMPLETED' },
            country_activations: [
              { model: 'CLEARANCE', country: 'PL', einvoicing_type: 'B2B', supported_document_types: ['ksef-invoice', 'ksef-creditnote'] },
            ],
          },
        ],
      },
      {
        id: 'f5c6d7e8-9a0b-4c1d-8e2f-4a5b6c7d8e9f',
        display_name: 'Nordlys Software',
        party: {
          name: 'Nordlys Software ApS',
          address: { line_1: 'Store Kongensgade 40', zip: '1264', city: 'København K', country: 'DK' },
          tax_identifiers: [{ scheme: 'VAT', id: 'DK25313739' }],
          legal_entity: { registration_name: 'Nordlys Software ApS', company_id: '25313739' },
          electronic_address: { scheme: '0184', id: '25313739' },
          contact: { name: 'Bogholderi', email: 'faktura@nordlys-software.example' },
        },
        activations: [
          {
            id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
            // Taken as configured, so billing routes DK customers here and the sandbox network carries
            // the OIOUBL; the platform is told PENDING while no NemHandel access point is wired (drivers/nemhandel).
            status: { code: 'COMPLETED' },
            country_activations: [
              { model: 'NEMHANDEL', country: 'DK', einvoicing_type: 'B2B', supported_document_types: ['oioubl-invoice', 'oioubl-creditnote', 'oioubl-applicationresponse'] },
              { model: 'NEMHANDEL', country: 'DK', einvoicing_type: 'B2G', supported_document_types: ['oioubl-invoice', 'oioubl-creditnote', 'oioubl-applicationresponse'] },
            ],
          },
        ],
      },
    ],
    drivers: {
      // The sandbox's French buyers approve (205), except the one with SIREN 552100554 (VAT
      // FR96552100554), who refuses (210) so the demo shows a refusal on a billing invoice.
      CTC_FR: { sandbox: { buyers: { '552100554': { code: '210', reason_code: 'CMD_ERR', reason: 'Commande inconnue' } } } },
    },
  };
}
