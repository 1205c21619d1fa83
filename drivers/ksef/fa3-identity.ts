// Who issued an FA(3) invoice and under which number, read back from its XML: what the envelope
// addresses and what the sandbox's KSeF files an invoice under. Values as written (escaped).

export interface Fa3Identity {
  nip: string;
  number: string;
  issueDate?: string | undefined;
  sellerName?: string | undefined;
  corrective: boolean;
}

export function fa3Identity(xml: string): Fa3Identity | undefined {
  const nip = /<Podmiot1>[\s\S]*?<NIP>([0-9]{10})<\/NIP>/.exec(xml)?.[1];
  const number = /<P_2>([^<]*)<\/P_2>/.exec(xml)?.[1];
  if (!nip || number === undefined) return undefined;
  return {
    nip,
    number,
    issueDate: /<P_1>([^<]*)<\/P_1>/.exec(xml)?.[1],
    sellerName: /<Podmiot1>[\s\S]*?<Nazwa>([^<]*)<\/Nazwa>/.exec(xml)?.[1],
    corrective: /<RodzajFaktury>KOR<\/RodzajFaktury>/.test(xml),
  };
}
