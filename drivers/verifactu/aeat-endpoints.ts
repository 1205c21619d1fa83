import type { Environment } from './qr.js';

// Where the AEAT's RegFactuSistemaFacturacion service answers (the ports of its
// SistemaFacturacion.wsdl): production or test (preproducción), each with a host for ordinary
// certificates and one for seal certificates (certificados de sello).

const PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

const HOSTS: Record<Environment, { ordinary: string; seal: string }> = {
  production: { ordinary: 'https://www1.agenciatributaria.gob.es', seal: 'https://www10.agenciatributaria.gob.es' },
  test: { ordinary: 'https://prewww1.aeat.es', seal: 'https://prewww10.aeat.es' },
};

export function aeatEndpoint(environment: Environment, seal: boolean): string {
  return HOSTS[environment][seal ? 'seal' : 'ordinary'] + PATH;
}
