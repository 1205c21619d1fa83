import type { Command } from '../command.js';

export const edeliveryLabCommand: Command = {
  name: 'edelivery-lab',
  summary: 'Serve a local eDelivery lab (test PKI, SMP, DNS) so Peppol or NemHandel access points on one machine find each other.',
  description:
    'For testing on one machine only: the certificates are a throwaway test PKI whose CA keys lie in\n' +
    'DIR, the SMP speaks plain HTTP and the DNS answers for a lab zone (lab.peppol.invalid, or\n' +
    'lab.nemhandel.invalid with --network nemhandel) only.\n' +
    'DIR keeps the files: the AP CA and the SMP CA (ap-ca.pem, smp-ca.pem), the SMP\'s signing\n' +
    'certificate, one certificate per access point (ap-SEAT.pem, CN = the seat id; keys mode 0600)\n' +
    'and access-point-SEAT.yaml, the drivers.PEPPOL.access_point (drivers.NEMHANDEL.access_point)\n' +
    'of that instance\'s configuration.\n' +
    'Files present are reused, so a restart keeps the certificates. Each participant is registered\n' +
    'for Peppol BIS Billing 3.0 Invoice and CreditNote, the Invoice Response and the Message Level\n' +
    'Response; on NemHandel for OIOUBL 2.1 Invoice and CreditNote in every billing profile and the\n' +
    'ApplicationResponse (process scheme oioubl-procid-ubl). Serves on 127.0.0.1 until SIGINT or SIGTERM.',
  settings: [],
  options: {
    network: { type: 'string' },
    participant: { type: 'string', multiple: true },
    'smp-port': { type: 'string' },
    'dns-port': { type: 'string' },
  },
  optionHelp: {
    network: 'peppol (default) or nemhandel: the network the lab plays',
    participant: 'ID=AS4URL=SEAT, repeatable: 0088:5790000000001=http://127.0.0.1:8080/networks/peppol/inbound=POP000001',
    'smp-port': 'the SMP\'s HTTP port (default: any free one)',
    'dns-port': 'the DNS\'s UDP port (default: any free one)',
  },
  positionals: 'DIR',
  run: (values, positionals) => import('../actions/edelivery-lab/serve-lab.js').then((a) => a.serveLab(values, positionals)),
};
