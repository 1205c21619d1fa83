// Preloaded into the bin by test/cli/heap-growth.test.ts (`node --expose-gc --import …`): one
// full collection once the command is done, so that with --trace-gc-verbose V8 prints the old
// space's next limit and the growing factor it used, after the bin has set its flags.
process.once('beforeExit', () => (globalThis as { gc?: () => void }).gc?.());
