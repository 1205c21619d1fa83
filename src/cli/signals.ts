/**
 * Resolves on the first SIGTERM or SIGINT. A second signal while shutting down exits at once
 * (status 130), for an operator who does not want to wait for in-flight requests.
 */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      const force = () => process.exit(130);
      process.once('SIGTERM', force);
      process.once('SIGINT', force);
      resolve(signal);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
