// Throwaway certificates for the eDelivery tests: the lab's certificate maker (a CA and the
// certificates it issues, each with its key in PEM), under the name the tests use.
export { makeIdentity, type Identity as TestIdentity } from '../../src/cli/actions/edelivery-lab/lab-pki.js';
