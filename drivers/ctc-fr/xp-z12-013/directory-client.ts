import type { PlatformApi } from './platform-api.js';

// The Directory Service of XP Z12-013 (Annex B, 1.2.0) as the CTC_FR driver uses it: where a
// company receives its invoices. A directory line is one electronic address (the BT-49 value,
// scheme 0225) of a SIREN, optionally narrowed to one of its facilities (SIRET) or a routing
// code, with the kind of platform that receives there (WK: an approved platform; DFH: the tax
// administration's) and whether the line is in force.

export type LineStatus = 'Enabled' | 'Disabled' | 'Upcoming';

export interface DirectoryLine {
  addressingIdentifier: string;
  siren?: string;
  siret?: string;
  addressingSuffix?: string;
  platformType?: 'WK' | 'DFH';
  directoryLineStatus?: LineStatus;
  routingCode?: { routingIdentifier?: string; routingCodeName?: string };
  legalUnit?: { siren?: string; businessName?: string };
}

/** What identifies the buyer: its SIREN, and perhaps the facility or routing code that receives. */
export interface LineQuery {
  siren: string;
  siret?: string | undefined;
  routingIdentifier?: string | undefined;
}

/** Lines of one company are few: one page holds them all. */
const LINES_LIMIT = 100;

export class DirectoryClient {
  constructor(private readonly api: PlatformApi) {}

  /** The line of one electronic address (getDirectoryLineById); undefined when none has it. */
  async line(addressingIdentifier: string): Promise<DirectoryLine | undefined> {
    // The annex's path keeps its colon literal: `code:` is part of the segment, not a scheme.
    const answer = await this.api.call({ operation: 'getDirectoryLineById', method: 'GET', path: `/v1/directory-line/code:${encodeURIComponent(addressingIdentifier)}`, expect: [404] });
    return answer.status === 404 ? undefined : (JSON.parse(answer.body) as DirectoryLine);
  }

  /** Every line of a company, narrowed to a facility or routing code when given (searchDirectoryLine; 204: none). */
  async lines(q: LineQuery): Promise<DirectoryLine[]> {
    const filters = {
      siren: { op: 'strict', value: q.siren },
      ...(q.siret && { siret: { op: 'strict', value: q.siret } }),
      ...(q.routingIdentifier && { routingIdentifier: { op: 'strict', value: q.routingIdentifier } }),
    };
    const answer = await this.api.call({ operation: 'searchDirectoryLine', method: 'POST', path: '/v1/directory-line/search', json: { filters, limit: LINES_LIMIT } });
    if (answer.status === 204 || answer.body === '') return [];
    return (JSON.parse(answer.body) as { results?: DirectoryLine[] }).results ?? [];
  }
}
