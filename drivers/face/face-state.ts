// FACe answers consultarFactura with an invoice's current states only: its processing state
// (tramitación: 1200 registered, 1300 in the accounting register, 2400 accounted, 2500 paid,
// 2600 rejected, 3100 cancelled) and its cancellation state (anulación: 4100 none, 4200
// requested, 4300 accepted, 4400 refused). The adapter records each step an invoice takes, so
// the transport derives the steps from the current states, always in the same order:
//   registered, then the cancellation's steps (requested; accepted or refused), then the
//   processing's (accounted, paid; or rejected).
// Every state implies the steps before it (paid implies accounted, an accepted cancellation a
// request), so an invoice whose states moved twice between two polls still records each step,
// the skipped one marked `implied`. Each step after registration is kept as a `face-state`
// document: this JSON, with FACe's answer on the step that was observed.

export const FACE_STATE_DOCUMENT_TYPE = 'face-state';

export interface FaceCode {
  code: string;
  description?: string | undefined;
  reason?: string | undefined;
}

export interface FaceInvoiceState {
  registryNumber: string;
  processing: FaceCode;
  cancellation: FaceCode;
}

/** One step after registration, as stored. */
export interface FaceStep {
  registry_number: string;
  /** The state this step is (2400, 2500, 2600, 4200, 4300, 4400). */
  step: string;
  description: string;
  reason?: string | undefined;
  /** Not seen in an answer: a later state implies it. */
  implied: boolean;
  /** FACe's states when the step was recorded, and its answer (the consultarFactura response). */
  processing: FaceCode;
  cancellation: FaceCode;
  answer?: string | undefined;
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '2400': 'Contabilizada la obligación reconocida',
  '2500': 'Pagada',
  '2600': 'Rechazada',
  '4200': 'Solicitada anulación',
  '4300': 'Aceptada anulación',
  '4400': 'Rechazada anulación',
};

/** The steps after registration that the invoice's current states mean, oldest first. */
export function stepsOf(state: FaceInvoiceState, answer: string): FaceStep[] {
  const p = state.processing.code;
  // A cancelled invoice (3100) is one whose cancellation was accepted, whatever the answer's anulación says.
  const c = p === '3100' ? '4300' : state.cancellation.code;
  const codes = [...(c === '4200' ? ['4200'] : c === '4300' || c === '4400' ? ['4200', c] : []), ...(p === '2400' ? ['2400'] : p === '2500' ? ['2400', '2500'] : p === '2600' ? ['2600'] : [])];
  const observed = codes[codes.length - 1];
  return codes.map((step) => {
    const own = step === p ? state.processing : step === c ? state.cancellation : undefined;
    const last = step === observed;
    return {
      registry_number: state.registryNumber,
      step,
      description: own?.description ?? DESCRIPTIONS[step]!,
      reason: own?.reason,
      implied: !own,
      processing: state.processing,
      cancellation: state.cancellation,
      answer: last ? answer : undefined,
    };
  });
}

export function readFaceStep(content: string): FaceStep | undefined {
  try {
    const step = JSON.parse(content) as FaceStep;
    return typeof step?.step === 'string' && typeof step.registry_number === 'string' ? step : undefined;
  } catch {
    return undefined;
  }
}
