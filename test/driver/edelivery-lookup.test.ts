import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { NaptrRecord, NaptrResolver } from '../../src/driver-kit/networks/edelivery/naptr-lookup.js';
import { smpUrlOf, uNaptrUri } from '../../src/driver-kit/networks/edelivery/naptr-lookup.js';
import { participantDnsName } from '../../src/driver-kit/networks/edelivery/participant-dns-name.js';
import { receiverLookup, type ReceiverLookupOptions } from '../../src/driver-kit/networks/edelivery/receiver-lookup.js';
import { serviceMetadataXml, signAsSmp as sign } from '../../src/cli/actions/edelivery-lab/signed-service-metadata.js';
import { makeIdentity, type TestIdentity } from '../helpers/edelivery-pki.js';

// The receiver lookup end to end without the internet: a stub DNS answering U-NAPTR records,
// SMPs on 127.0.0.1 serving SignedServiceMetadata signed at test time by certificates a test SMP
// CA issued at test time.

const ZONE = 'participant.sml.test.tech.peppol.org';
const DOC = 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const PROC = 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const AS4 = 'peppol-transport-as4-v2_0';
const DAY = 24 * 60 * 60 * 1000;

describe('eDelivery receiver lookup', function () {
  this.timeout(20000);

  describe('participantDnsName (PFUOI 4.4.0 POLICY 7, SML 1.3.0)', () => {
    it('hashes the lowercased value only, base32 without padding, then the scheme and the zone', () => {
      // POLICY 7's example, in both cases of the value.
      const expected = `y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq.iso6523-actorid-upis.${ZONE}`;
      expect(participantDnsName('iso6523-actorid-upis::0088:123abc', ZONE)).to.equal(expected);
      expect(participantDnsName('iso6523-actorid-upis::0088:123ABC', `${ZONE}.`)).to.equal(expected);
      // The SML specification's example and peppol-commons' vector.
      expect(participantDnsName('iso6523-actorid-upis::0010:5798000000001', ZONE)).to.equal(`xukhfqabqziki3ykvr2fhr4snfa3pf5vpq6k4tonv3lmvsy5arvq.iso6523-actorid-upis.${ZONE}`);
      expect(participantDnsName('iso6523-actorid-upis::0088:1234567890123', ZONE)).to.equal(`sjsyvccmqyjxk3weuapffq4x3umcrf4qryherj4vovhmonh7gccq.iso6523-actorid-upis.${ZONE}`);
    });

    it('refuses an identifier that is not scheme::value', () => {
      expect(() => participantDnsName('0088:123abc', ZONE)).to.throw(/scheme::value/);
    });
  });

  describe('U-NAPTR', () => {
    it('takes the Meta:SMP record with flag U of the lowest order and preference, and its !^.*$! URI', async () => {
      const name = 'x.iso6523-actorid-upis.zone';
      const records: NaptrRecord[] = [
        { flags: 'U', service: 'Meta:SMP', regexp: '!^.*$!https://late.example!', replacement: '', order: 20, preference: 10 },
        { flags: 'U', service: 'Meta:Other', regexp: '!^.*$!https://other.example!', replacement: '', order: 1, preference: 1 },
        { flags: 'S', service: 'Meta:SMP', regexp: '!^.*$!https://srv.example!', replacement: '', order: 1, preference: 1 },
        { flags: 'u', service: 'Meta:SMP', regexp: '!^.*$!https://second.example!', replacement: '', order: 10, preference: 20 },
        { flags: 'U', service: 'meta:smp', regexp: '#^.*$#https://first.example#', replacement: '', order: 10, preference: 5 },
      ];
      expect(await smpUrlOf(name, stubDns({ [name]: records }))).to.deep.equal({ url: 'https://first.example' });
      expect(uNaptrUri('!^(.*)$!https://x!')).to.equal(undefined);
    });

    it('no record is NOT_REGISTERED (final); a DNS that does not answer is SMP_UNAVAILABLE (retry)', async () => {
      const absent = await smpUrlOf('nobody.zone', stubDns({}));
      expect(absent).to.include({ kind: 'NOT_REGISTERED', final: true });
      const timeout = await smpUrlOf('slow.zone', stubDns({ 'slow.zone': 'ETIMEOUT' }));
      expect(timeout).to.include({ kind: 'SMP_UNAVAILABLE', final: false });
    });
  });

  describe('SMP client', () => {
    let ca: TestIdentity, smp: TestIdentity, smpTwo: TestIdentity, rogueCa: TestIdentity, rogue: TestIdentity, ap: TestIdentity;
    let server: Server, serverTwo: Server;
    let base: string, baseTwo: string;
    const pages = new Map<string, { status: number; body: string }>();
    const seen: string[] = [];
    let now: Date;

    before(async () => {
      ca = makeIdentity('Test SMP CA');
      smp = makeIdentity('smp-one', ca);
      smpTwo = makeIdentity('smp-two', ca);
      rogueCa = makeIdentity('Test SMP CA');
      rogue = makeIdentity('smp-one', rogueCa);
      ap = makeIdentity('POP000001', ca);
      [server, base] = await smpServer(pages, seen);
      [serverTwo, baseTwo] = await smpServer(pages, seen, '/two');
    });
    after(() => {
      server.close();
      serverTwo.close();
    });
    beforeEach(() => {
      pages.clear();
      seen.length = 0;
      now = new Date();
    });

    const participant = (n: string) => `iso6523-actorid-upis::0088:${n}`;
    const path = (p: string) => `/${encodeURIComponent(p)}/services/${encodeURIComponent(DOC)}`;
    const dnsFor = (...ids: string[]) => stubDns(Object.fromEntries(ids.map((id) => [participantDnsName(id, ZONE), [{ flags: 'U', service: 'Meta:SMP', regexp: `!^.*$!${base}!`, replacement: '', order: 100, preference: 10 }]])));
    const lookup = (resolver: NaptrResolver, more: Partial<ReceiverLookupOptions> = {}) =>
      receiverLookup({ smlZone: ZONE, smpTrustAnchors: [ca.certificate], resolver, clock: () => now, allowHttp: true, timeoutMs: 3000, ...more });
    const publish = (id: string, signer: TestIdentity, endpoint: Partial<EndpointFields> = {}) =>
      pages.set(path(id), { status: 200, body: sign(metadataXml(id, { url: 'https://ap.example/as4', certificate: ap.base64, ...endpoint }), signer) });

    it('finds the endpoint: its URL, certificate and transport profile, asking for the percent-encoded resource', async () => {
      const id = participant('found');
      publish(id, smp);
      const outcome = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(outcome.kind).to.equal('FOUND');
      if (outcome.kind !== 'FOUND') return;
      expect(outcome.endpoint.url).to.equal('https://ap.example/as4');
      expect(outcome.endpoint.transportProfile).to.equal(AS4);
      expect(outcome.endpoint.certificate.fingerprint256).to.equal(ap.certificate.fingerprint256);
      expect(seen).to.deep.equal([path(id)]);
      expect(seen[0]).to.contain('iso6523-actorid-upis%3A%3A0088%3Afound/services/busdox-docid-qns%3A%3Aurn%3Aoasis').and.contain('%23%23urn%3Acen.eu');
    });

    it('a participant with no NAPTR record, or an SMP answering 404, is NOT_REGISTERED (final)', async () => {
      const id = participant('absent');
      const noDns = await lookup(stubDns({})).lookup(id, DOC, PROC);
      expect(noDns).to.include({ kind: 'NOT_REGISTERED', final: true });
      expect(seen).to.deep.equal([]);
      const notFound = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(notFound).to.include({ kind: 'NOT_REGISTERED', final: true });
      expect(seen).to.deep.equal([path(id)]);
    });

    it('an SMP that refuses the connection or answers 5xx is SMP_UNAVAILABLE (a retry)', async () => {
      const id = participant('down');
      const closed = await closedPort();
      const refused = await lookup(stubDns({ [participantDnsName(id, ZONE)]: [{ flags: 'U', service: 'Meta:SMP', regexp: `!^.*$!http://127.0.0.1:${closed}!`, replacement: '', order: 1, preference: 1 }] })).lookup(id, DOC, PROC);
      expect(refused).to.include({ kind: 'SMP_UNAVAILABLE', final: false });
      expect((refused as { reason: string }).reason).to.match(/ECONNREFUSED/);
      pages.set(path(id), { status: 503, body: 'maintenance' });
      expect(await lookup(dnsFor(id)).lookup(id, DOC, PROC)).to.include({ kind: 'SMP_UNAVAILABLE', final: false });
    });

    it('metadata with one changed byte is INVALID_METADATA (final)', async () => {
      const id = participant('tampered');
      publish(id, smp, { url: 'https://ap.example/as4' });
      const page = pages.get(path(id))!;
      page.body = page.body.replace('https://ap.example/as4', 'https://ap.exbmple/as4');
      const outcome = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(outcome).to.include({ kind: 'INVALID_METADATA', final: true });
      expect((outcome as { reason: string }).reason).to.match(/does not verify/);
    });

    it('metadata signed by a certificate no trusted SMP CA issued is INVALID_METADATA', async () => {
      const id = participant('rogue');
      publish(id, rogue);
      const outcome = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(outcome).to.include({ kind: 'INVALID_METADATA', final: true });
      expect((outcome as { reason: string }).reason).to.match(/not issued by a trusted SMP CA/);
    });

    it('an endpoint past its ServiceExpirationDate, or before its activation, is INVALID_METADATA', async () => {
      const id = participant('expired');
      publish(id, smp, { expiration: new Date(now.getTime() - DAY).toISOString() });
      const expired = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(expired).to.include({ kind: 'INVALID_METADATA', final: true });
      expect((expired as { reason: string }).reason).to.match(/expired/);
      publish(id, smp, { activation: new Date(now.getTime() + DAY).toISOString() });
      expect(await lookup(dnsFor(id)).lookup(id, DOC, PROC)).to.include({ kind: 'INVALID_METADATA', final: true });
    });

    it('follows a signed Redirect once, to metadata signed by the certificate it names', async () => {
      const id = participant('moved');
      const target = `${baseTwo}${path(id)}`;
      pages.set(path(id), { status: 200, body: sign(redirectXml(target, 'smp-two'), smp) });
      pages.set(`/two${path(id)}`, { status: 200, body: sign(metadataXml(id, { url: 'https://moved.example/as4', certificate: ap.base64 }), smpTwo) });
      const outcome = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(outcome.kind).to.equal('FOUND');
      expect(outcome.kind === 'FOUND' && outcome.endpoint.url).to.equal('https://moved.example/as4');
      expect(seen).to.deep.equal([path(id), `/two${path(id)}`]);
    });

    it('refuses a Redirect whose target signs with another certificate than the one it names', async () => {
      const id = participant('hijacked');
      pages.set(path(id), { status: 200, body: sign(redirectXml(`${baseTwo}${path(id)}`, 'smp-two'), smp) });
      pages.set(`/two${path(id)}`, { status: 200, body: sign(metadataXml(id, { url: 'https://evil.example/as4', certificate: ap.base64 }), smp) });
      const outcome = await lookup(dnsFor(id)).lookup(id, DOC, PROC);
      expect(outcome).to.include({ kind: 'INVALID_METADATA', final: true });
      expect((outcome as { reason: string }).reason).to.match(/redirect named certificate smp-two/);
    });

    it('answers a second lookup from the cache: the SMP sees one request, until the endpoint expires', async () => {
      const id = participant('cached');
      publish(id, smp, { expiration: new Date(now.getTime() + 2 * DAY).toISOString() });
      const resolver = dnsFor(id);
      const lookups = lookup(resolver, { cacheTtlMs: 7 * DAY });
      expect((await lookups.lookup(id, DOC, PROC)).kind).to.equal('FOUND');
      expect((await lookups.lookup(id, DOC, PROC)).kind).to.equal('FOUND');
      expect(seen).to.have.length(1);
      // Past the endpoint's expiration the cache does not answer, though its lifetime setting would.
      now = new Date(now.getTime() + 3 * DAY);
      expect(await lookups.lookup(id, DOC, PROC)).to.include({ kind: 'INVALID_METADATA' });
      expect(seen).to.have.length(2);
    });

    it('keeps at most its bound of entries, evicting the least recently used', async () => {
      const [a, b, c] = ['lru-a', 'lru-b', 'lru-c'].map(participant) as [string, string, string];
      for (const id of [a, b, c]) publish(id, smp);
      const lookups = lookup(dnsFor(a, b, c), { cacheEntries: 2 });
      for (const id of [a, b, a, c]) expect((await lookups.lookup(id, DOC, PROC)).kind).to.equal('FOUND');
      expect(seen).to.have.length(3);
      // b was the least recently used when c came: it is asked again, a still is not.
      await lookups.lookup(a, DOC, PROC);
      expect(seen).to.have.length(3);
      await lookups.lookup(b, DOC, PROC);
      expect(seen).to.have.length(4);
      expect(seen[3]).to.equal(path(b));
    });
  });
});

interface EndpointFields {
  url: string;
  certificate: string;
  activation?: string;
  expiration?: string;
}

/** The test's metadata: an AS2 endpoint the lookup must pass over, then the AS4 one. */
function metadataXml(participantId: string, e: EndpointFields): string {
  const endpoints = [
    { transportProfile: 'busdox-transport-as2-ver1p0', url: 'https://old.example/as2', certificate: e.certificate, description: 'AS2' },
    { transportProfile: AS4, ...e, description: 'Test AP' },
  ];
  return serviceMetadataXml({ participantId, documentTypeId: DOC, processIds: [PROC], endpoints });
}

function redirectXml(href: string, certificateUid: string): string {
  return (
    '<SignedServiceMetadata xmlns="http://busdox.org/serviceMetadata/publishing/1.0/">' +
    `<ServiceMetadata><Redirect href="${href.replace(/&/g, '&amp;')}"><CertificateUID>${certificateUid}</CertificateUID></Redirect></ServiceMetadata>` +
    '</SignedServiceMetadata>'
  );
}

function stubDns(names: Record<string, NaptrRecord[] | string>): NaptrResolver {
  return {
    async resolveNaptr(name) {
      const answer = names[name];
      if (answer === undefined || typeof answer === 'string') throw Object.assign(new Error(`queryNaptr ${answer ?? 'ENOTFOUND'} ${name}`), { code: answer ?? 'ENOTFOUND' });
      return answer;
    },
  };
}

/** An SMP on 127.0.0.1 serving `pages` by raw request path, recording each path asked; its base URL ends in `prefix`. */
async function smpServer(pages: Map<string, { status: number; body: string }>, seen: string[], prefix = ''): Promise<[Server, string]> {
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const page = pages.get(req.url ?? '');
    res.writeHead(page?.status ?? 404, { 'content-type': 'application/xml' });
    res.end(page?.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return [server, `${url}${prefix}`];
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
