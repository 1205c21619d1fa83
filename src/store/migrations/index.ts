import { m001AdapterMeta } from './001-adapter-meta.js';
import { m002Documents } from './002-documents.js';
import { m003StatusHistory } from './003-status-history.js';
import { m004Lifecycle } from './004-lifecycle.js';

export interface Migration {
  /** 1, 2, 3…: applied in order, each once, each in its own transaction. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Every migration, oldest first. Never edit a released one: add the next number. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([m001AdapterMeta, m002Documents, m003StatusHistory, m004Lifecycle]);
