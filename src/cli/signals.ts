/**
 * Resolves on the first SIGTERM or SIGINT. A second signal while shutting down exits at once
 * (status 130), for an operator who does not want to wait for in-flight requests. A cluster
 * worker (`force: false`) gets Ctrl-C's SIGINT and then its primary's SIGTERM: the second is
 * the same stop, not an impatient operator, so it keeps finishing.
 */
export function untilSignal({ force = true }: { force?: boolean } = {}): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      const again = force ? () => process.exit(130) : () => undefined;
      process.once('SIGTERM', again);
      process.once('SIGINT', again);
      resolve(signal);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
