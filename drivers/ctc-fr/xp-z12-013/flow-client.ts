import type { PlatformApi } from './platform-api.js';

// The Flow Service of XP Z12-013 (Annex A, 1.2.0) as the CTC_FR driver uses it: deposit a flow
// (an invoice, a lifecycle message, an e-reporting file), find flows by their tracking id or by
// when they changed, and read one flow's metadata or its original document. Field names and
// values are the annex's; our own restatement of the operations is flow-service.openapi.ts.

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type ProcessingRule = 'B2B' | 'B2BInt' | 'B2C' | 'B2G' | 'B2GInt' | 'OutOfScope' | 'B2GOutOfScope' | 'ArchiveOnly' | 'NotApplicable';
export type FlowProfile = 'Basic' | 'CIUS' | 'Extended-CTC-FR';
export type FlowDirection = 'In' | 'Out';
export type AckStatus = 'Pending' | 'Ok' | 'Error';

/** What a deposit says about its file (FlowInfo). */
export interface FlowInfo {
  flowSyntax: FlowSyntax;
  /** The file's name (at most 255 characters). */
  name: string;
  /** Our own id of the flow (at most 36 characters): what finds it again after a lost answer. */
  trackingId?: string;
  processingRule?: ProcessingRule;
  flowProfile?: FlowProfile;
  /** Hex SHA-256 of the file. */
  sha256?: string;
}

export interface AckDetail {
  level: 'Error' | 'Warning';
  item: string;
  reasonCode: string;
  reasonMessage: string;
}

/** A flow as the platform describes it (Flow). */
export interface Flow extends FlowInfo {
  flowId: string;
  submittedAt: string;
  updatedAt: string;
  flowType: string;
  flowDirection: FlowDirection;
  processingRuleSource?: 'Input' | 'Computed';
  acknowledgement: { status: AckStatus; details?: AckDetail[] };
}

/** SearchFlowFilters: lists are ORed, criteria ANDed; `updatedAfter` is strict. */
export interface FlowFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: ProcessingRule[];
  flowType?: string[];
  flowDirection?: FlowDirection[];
  trackingId?: string;
  ackStatus?: AckStatus;
}

/** The most a search answers at once (SearchFlowParams.limit). */
export const SEARCH_LIMIT = 100;

export class FlowClient {
  constructor(private readonly api: PlatformApi) {}

  /** Deposits a file (createFlow, 202): the platform's flow id and time. */
  async deposit(info: FlowInfo, file: { bytes: Buffer; contentType: string }): Promise<{ flowId: string; submittedAt: string }> {
    const form = new FormData();
    form.set('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }));
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), info.name);
    const answer = await this.api.call({ operation: 'createFlow', method: 'POST', path: '/v1/flows', form });
    const flow = JSON.parse(answer.body) as { flowId: string; submittedAt: string };
    return { flowId: flow.flowId, submittedAt: flow.submittedAt };
  }

  /** One page of flows (searchFlows), at most `limit`. */
  async search(where: FlowFilters, limit = SEARCH_LIMIT): Promise<Flow[]> {
    const answer = await this.api.call({ operation: 'searchFlows', method: 'POST', path: '/v1/flows/search', json: { limit, where } });
    return (JSON.parse(answer.body) as { results?: Flow[] }).results ?? [];
  }

  /** A flow's metadata (getFlow, docType Metadata); undefined when the platform does not know it. */
  async flow(flowId: string): Promise<Flow | undefined> {
    const answer = await this.api.call({ operation: 'getFlow', method: 'GET', path: `/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`, expect: [404] });
    return answer.status === 404 ? undefined : (JSON.parse(answer.body) as Flow);
  }

  /** A flow's file as deposited (getFlow, docType Original), as text: the CDAR of a lifecycle flow. */
  async original(flowId: string): Promise<string> {
    return (await this.api.call({ operation: 'getFlow', method: 'GET', path: `/v1/flows/${encodeURIComponent(flowId)}?docType=Original` })).body;
  }
}
