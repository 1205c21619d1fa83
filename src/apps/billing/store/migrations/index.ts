import type { Migration } from '../../../../platform/store/migrations/index.js';
import { m001Billing } from './001-billing.js';
import { m002Invoicing } from './002-invoicing.js';
import { m003Events } from './003-events.js';
import { m004Oauth } from './004-oauth.js';

/** The billing database's migrations, oldest first; separate from the adapter's database. */
export const BILLING_MIGRATIONS: readonly Migration[] = Object.freeze([m001Billing, m002Invoicing, m003Events, m004Oauth]);
