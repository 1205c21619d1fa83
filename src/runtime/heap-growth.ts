import v8 from 'node:v8';

// How far V8 lets the main thread's old space grow before its next full collection (issue 45).
// After each full collection V8 sets the next one at the survivors times a factor it derives
// from the collector's speed against the program's, up to 4× on a machine with a large heap
// limit. Under load a server's survivors are mostly finished requests' objects that outlived two
// young collections, so the old space ran up to 140 MB over 50 MB live before it was collected:
// most of the 100 MB the resident set grew under 30 s of submissions. 1.2× holds it near 60 MB
// for a few more full collections a minute (a few ms each: the live heap is small).
//
// A flag V8 reads at each full collection, so setting it once the process runs takes effect
// (unlike the heap's sizes, fixed when the isolate is made); and not one NODE_OPTIONS may carry.

/** The old space may grow to (1 + this / 100) × what survived the last full collection. */
export const HEAP_GROWING_PERCENT = 20;

/** Sets the growing factor for this process (worker threads share V8's flags), unless `node --heap-growing-percent=N` already did. */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((a) => /^--heap[-_]growing[-_]percent(=|$)/.test(a))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
