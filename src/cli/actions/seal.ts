import { resolveSettings } from '../../platform/config/settings.js';
import { Sealer } from '../../platform/crypto/sealing.js';
import { rotateSealed } from '../../platform/directory/seal-rotation.js';
import { openDataDirStore } from '../../runtime/open-data-dir.js';
import { settingFlags, UsageError, type Command, type Values } from '../command.js';

/** `seal rotate`: the data directory's store (SQLite or DATABASE_URL), every sealed value under the current key. */
export async function seal(command: Command, values: Values, positionals: string[]): Promise<number> {
  if (positionals.length !== 1 || positionals[0] !== 'rotate') throw new UsageError('expected rotate');
  const settings = resolveSettings(process.env, settingFlags(command, values));
  const sealer = Sealer.open(settings);
  const store = await openDataDirStore(settings);
  try {
    const { current_kid, tables } = await rotateSealed(store, sealer);
    let unreadable = 0;
    for (const [table, c] of Object.entries(tables)) {
      process.stdout.write(`${table}\tresealed ${c.resealed}\tcurrent ${c.current}\tchanged ${c.changed}\tunreadable ${c.unreadable}\n`);
      unreadable += c.unreadable;
    }
    process.stdout.write(`current key ${current_kid}\n`);
    if (unreadable > 0) {
      process.stderr.write(`einvoicing-adapter: ${unreadable} sealed value(s) open with no key of the ring (SEALING_KEY_FILE, SEALING_PREVIOUS_KEY_FILES): add their key and run again\n`);
      return 1;
    }
    return 0;
  } finally {
    await store.close();
  }
}
